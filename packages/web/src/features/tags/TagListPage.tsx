import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  ColorSwatch,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TAG_DEFAULT_PAGE_SIZE,
  TAG_PAGE_SIZES,
  TAG_SEARCH_MAX,
  type TagListItem,
} from '@talkbase/domain/contracts/tags';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { tagsText } from '../../i18n/tags.ts';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { deleteTag, fetchTags, tagKeys } from './tags-api.ts';
import './tags.css';

const text = tagsText.list;
export const EDITOR_PATH = '/tags/editor';

/** 'Tags' (000 §2 "Tags list"): paged names with their colour, a toggleable search, delete. */
export function TagListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(TAG_DEFAULT_PAGE_SIZE);
  const [searchOpen, setSearchOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [deferredTerm] = useDebouncedValue(term.trim(), 300);
  const [removing, setRemoving] = useState<TagListItem | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const query = { page, fetch, term: deferredTerm };
  const tags = useQuery({
    queryKey: tagKeys.list(query),
    queryFn: ({ signal }) => fetchTags(query, signal),
    placeholderData: keepPreviousData,
  });

  // 000 §2: the list reloads when the route parameter `refresh` is set (a link that asks for fresh
  // data; the editor itself tells the list's cache to reload); the parameter is then dropped so
  // the tab keeps its plain address.
  const [params] = useSearchParams();
  const refresh = params.get('refresh');
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (refresh === null) return;
    const withRefresh = `${location.pathname}${location.search}`;
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    void (async () => {
      await navigate(location.pathname, { replace: true });
      forgetTab(withRefresh, location.pathname);
    })();
  }, [refresh, queryClient, navigate, location.pathname, location.search]);

  const remove = useMutation({
    mutationFn: (tagId: number) => deleteTag(tagId),
    onSuccess: async () => {
      const name = removing?.tagName ?? '';
      setRemoving(null);
      notify({ kind: 'success', title: text.removed(name) });
      if (page > 1 && tags.data?.itens.length === 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
    onError: (err) => {
      setRemoving(null);
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.removeError, durationMs: 10_000 });
    },
  });

  const total = tags.data?.totalResults ?? 0;
  const clear = () => {
    setTerm('');
    setPage(1);
    searchRef.current?.focus();
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={1} size="h2">
            {text.title}
          </Title>
          <Tooltip label={searchOpen ? text.closeSearch : text.openSearch}>
            <ActionIcon
              variant={searchOpen ? 'light' : 'subtle'}
              size="lg"
              aria-label={searchOpen ? text.closeSearch : text.openSearch}
              aria-expanded={searchOpen}
              aria-controls="tags-search"
              onClick={() => {
                if (searchOpen && term) clear();
                setSearchOpen(!searchOpen);
              }}
            >
              <Icon name={searchOpen ? 'search_off' : 'search'} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Button component={Link} to={EDITOR_PATH} leftSection={<Icon name="add" />}>
          {text.newTag}
        </Button>
      </Group>
      {searchOpen && (
        <TextInput
          id="tags-search"
          ref={searchRef}
          label={text.search}
          value={term}
          maxLength={TAG_SEARCH_MAX}
          leftSection={<Icon name="search" />}
          data-autofocus
          autoFocus
          rightSection={term ? <CloseButton aria-label={text.clearSearch} onClick={clear} /> : null}
          onChange={(e) => {
            setTerm(e.currentTarget.value);
            setPage(1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && term) {
              e.preventDefault();
              clear();
            }
          }}
          maw={360}
        />
      )}
      <Paper withBorder radius="md">
        <ListStates
          query={tags}
          empty={tags.data?.itens.length === 0}
          texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
        />
        {tags.data && tags.data.itens.length > 0 && (
          <ul className="tags-list" aria-label={text.title}>
            {tags.data.itens.map((tag) => (
              <li key={tag.tagId} className="tags-row">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ColorSwatch color={tag.tagColor} size={16} aria-hidden />
                  <Anchor component={Link} to={`${EDITOR_PATH}/${tag.tagId}`} truncate>
                    {tag.tagName}
                  </Anchor>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={text.remove(tag.tagName)}
                  title={text.remove(tag.tagName)}
                  onClick={() => setRemoving(tag)}
                >
                  <Icon name="delete" />
                </ActionIcon>
              </li>
            ))}
          </ul>
        )}
      </Paper>
      {tags.data && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={TAG_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        danger
        busy={remove.isPending}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.tagId)}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}

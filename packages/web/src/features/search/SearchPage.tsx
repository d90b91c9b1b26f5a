import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SEARCH_DEFAULT_PAGE_SIZE,
  SEARCH_PAGE_SIZES,
  type SearchResult,
} from '@talkbase/domain/contracts/search';
import { termWords } from '@talkbase/domain/search/matches';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../i18n/pt-BR.ts';
import { searchText as text } from '../../i18n/search.ts';
import { Icon } from '../../ui/Icon.tsx';
import { rememberTab } from '../tabs/tabs-store.ts';
import { Highlighted } from './Highlighted.tsx';
import { fetchSearch, searchKeys, searchPath, type SearchParams } from './search-api.ts';
import { SearchResultModal, type OpenResult } from './SearchResultModal.tsx';
import './search.css';
import { ListPager } from '../../ui/ListPager.tsx';

/** Consecutive results of one subject, under its name (the server answers them grouped). */
function groups(itens: SearchResult[]): { subject: string; subjectName: string; itens: SearchResult[] }[] {
  const out: { subject: string; subjectName: string; itens: SearchResult[] }[] = [];
  for (const item of itens) {
    const last = out[out.length - 1];
    if (last && last.subject === item.subject) last.itens.push(item);
    else out.push({ subject: item.subject, subjectName: item.subjectName, itens: [item] });
  }
  return out;
}

/** The screen names its own tab after the term (screens.ts ownTitle). */
function showTab(path: string, title: string): void {
  document.title = `${title} · ${t.app.name}`;
  rememberTab({ path, title });
}

/** /search/?q=&subj=&subj_attr=&attr= (000 §2 "search"): every record the account may read that holds the term. */
export function SearchPage() {
  const [address] = useSearchParams();
  const navigate = useNavigate();
  const params: SearchParams = {
    q: (address.get('q') ?? '').trim(),
    subj: address.get('subj') ?? undefined,
    subjAttr: address.get('subj_attr') ?? undefined,
    attr: address.get('attr') ?? undefined,
  };
  const [draft, setDraft] = useState(params.q);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(SEARCH_DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<OpenResult | null>(null);
  const queryClient = useQueryClient();

  // A new term (from the top bar or this form) starts at the first page.
  const [seen, setSeen] = useState(params.q);
  if (seen !== params.q) {
    setSeen(params.q);
    setDraft(params.q);
    setPage(1);
  }

  const title = text.tabTitle(params.q);
  const here = searchPath(params);
  useEffect(() => {
    showTab(here, title);
  }, [title, here]);

  const words = termWords(params.q);
  const results = useQuery({
    queryKey: searchKeys.page(params, page, size),
    queryFn: ({ signal }) => fetchSearch(params, page, size, signal),
    enabled: words.length > 0,
    placeholderData: keepPreviousData,
  });
  const data = words.length > 0 ? results.data : undefined;

  return (
    <Stack gap="md" maw={1100} className="search-page">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate(searchPath({ ...params, q: draft.trim() }));
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={text.form.label}
            value={draft}
            maxLength={200}
            type="search"
            leftSection={<Icon name="search" />}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
            }}
            w={420}
            maw="100%"
          />
          <Button type="submit">{text.form.submit}</Button>
        </Group>
      </form>
      {(params.subj ?? params.subjAttr ?? params.attr) && (
        <Text size="sm" c="dimmed">
          {text.narrowedTo} {[params.subj, params.attr, params.subjAttr].filter(Boolean).join(' · ')}
        </Text>
      )}

      {words.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{text.noTerm}</Text>
        </Paper>
      )}
      {words.length > 0 && results.isPending && (
        <Skeleton role="status" height={240} aria-label={t.app.loading} />
      )}
      {words.length > 0 && results.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void results.refetch()}>
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {data && data.itens.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{text.empty(params.q)}</Text>
        </Paper>
      )}
      {data && data.itens.length > 0 && (
        <Stack gap="lg" aria-busy={results.isFetching}>
          {groups(data.itens).map((group, g) => (
            <section key={`${group.subject}:${g}`} aria-labelledby={`search-group-${g}`}>
              <Title order={2} size="h4" id={`search-group-${g}`} mb="xs">
                {group.subjectName}
              </Title>
              <Paper withBorder radius="md" component="ul" className="search-results">
                {group.itens.map((item) => (
                  <li key={`${item.subject}:${item.talkId}`}>
                    <UnstyledButton
                      className="search-result"
                      onClick={() => setOpen({ subject: item.subject, talkId: item.talkId })}
                    >
                      <Text size="xs" c="dimmed">
                        #{item.talkId}
                      </Text>
                      {item.talkValues.map((v) => (
                        <Text key={v.subjectAttributeId} size="sm" className="search-value">
                          <span className="search-attribute">{v.attributeName}:</span>{' '}
                          <Highlighted value={v.value} words={words} />
                        </Text>
                      ))}
                    </UnstyledButton>
                  </li>
                ))}
              </Paper>
            </section>
          ))}
        </Stack>
      )}
      {data && data.totalResults > 0 && (
        <ListPager
          totalText={text.total(data.totalResults)}
          total={data.totalResults}
          page={page}
          pageSize={size}
          pageSizes={SEARCH_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(v) => {
            setSize(v);
            setPage(1);
          }}
        />
      )}
      <SearchResultModal
        result={open}
        onClose={(changed) => {
          setOpen(null);
          if (changed) void queryClient.invalidateQueries({ queryKey: searchKeys.all });
        }}
      />
    </Stack>
  );
}

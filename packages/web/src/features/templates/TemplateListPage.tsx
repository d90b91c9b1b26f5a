import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { TEMPLATE_TYPE } from '@talkbase/domain/contracts/templates';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { t } from '../../i18n/pt-BR.ts';
import { templatesText } from '../../i18n/templates.ts';
import { ListPager } from '../../ui/ListPager.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { TEMPLATE_PAGE_SIZES, TEMPLATE_SEARCH_MAX, TYPE_OF_KIND, type EditorKind } from './template-draft.ts';
import {
  deleteTemplates,
  fetchPeople,
  fetchSubjects,
  fetchTemplates,
  templateKeys,
} from './templates-api.ts';
import './templates.css';

const text = templatesText.list;
export const TEMPLATES_PATH = '/config/templates';
export const editorPath = (kind: EditorKind, templateId?: number) =>
  `${TEMPLATES_PATH}/editor/${kind}${templateId ? `/${templateId}` : ''}`;
export const listPath = (kind: EditorKind) => `${TEMPLATES_PATH}/${kind}`;

interface Row {
  key: string;
  label: string;
  detail: string | null;
  to: string;
  /** Only custom and user templates can be removed. */
  removable: { templateId: number; name: string } | null;
}

/** 001 §2.8: 'Templates de Personalizados'. */
export function CustomTemplateListPage() {
  return <TemplateListPage kind="custom" />;
}
/** 001 §2.8: 'Templates Padrões' lists subjects. */
export function DefaultTemplateListPage() {
  return <TemplateListPage kind="default" />;
}
/** 001 §2.8: 'Templates de Usuários' with 'Filtro por usuário'. */
export function UserTemplateListPage() {
  return <TemplateListPage kind="users" />;
}

/** 001 §2.8: the list reloads when the route parameter `refresh` is set (after a save), then drops it. */
function useRefreshParam(queryClient: QueryClient) {
  const [params] = useSearchParams();
  const refresh = params.get('refresh');
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (refresh === null) return;
    const withRefresh = `${location.pathname}${location.search}`;
    void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    void (async () => {
      await navigate(location.pathname, { replace: true });
      forgetTab(withRefresh, location.pathname);
    })();
  }, [refresh, queryClient, navigate, location.pathname, location.search]);
}

export function TemplateListPage({ kind }: { kind: EditorKind }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(TEMPLATE_PAGE_SIZES[0]);
  const [searchOpen, setSearchOpen] = useState(false);
  const [draftTerm, setDraftTerm] = useState('');
  const [term, setTerm] = useState('');
  const [accountId, setAccountId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<{ templateId: number; name: string } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useRefreshParam(queryClient);

  const templateQuery = {
    templateType: TYPE_OF_KIND[kind],
    page,
    fetch,
    term,
    ...(accountId !== null ? { accountId } : {}),
  };
  const templates = useQuery({
    queryKey: templateKeys.list(templateQuery),
    queryFn: ({ signal }) => fetchTemplates(templateQuery, signal),
    placeholderData: keepPreviousData,
    enabled: kind !== 'default',
  });
  const subjectQuery = { page, fetch, term };
  const subjects = useQuery({
    queryKey: templateKeys.subjects(subjectQuery),
    queryFn: ({ signal }) => fetchSubjects(subjectQuery, signal),
    placeholderData: keepPreviousData,
    enabled: kind === 'default',
  });
  const defaultsQuery = { templateType: TEMPLATE_TYPE.companyDefault, page: 1, fetch: 1000 };
  const defaults = useQuery({
    queryKey: templateKeys.list(defaultsQuery),
    queryFn: ({ signal }) => fetchTemplates(defaultsQuery, signal),
    enabled: kind === 'default',
  });
  const people = useQuery({
    queryKey: templateKeys.people,
    queryFn: ({ signal }) => fetchPeople(signal),
    enabled: kind === 'users',
  });

  const remove = useMutation({
    mutationFn: (templateId: number) => deleteTemplates([templateId]),
    onSuccess: async () => {
      setRemoving(null);
      notify({ kind: 'success', title: text.removed });
      if (page > 1 && rows?.length === 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
    onError: () => {
      setRemoving(null);
      notify({ kind: 'error', title: text.removeError, durationMs: 10_000 });
    },
  });

  let rows: Row[] | undefined;
  let total = 0;
  if (kind === 'default') {
    if (subjects.data && defaults.data) {
      const bySubject = new Map(defaults.data.itens.map((d) => [d.subjectId, d.templateId]));
      total = subjects.data.totalResults;
      rows = subjects.data.itens.map((s) => {
        const templateId = bySubject.get(s.subjectId);
        return {
          key: String(s.subjectId),
          label: s.subjectName,
          detail: templateId ? null : text.noTemplateYet,
          to: templateId ? editorPath(kind, templateId) : `${editorPath(kind)}?subject=${s.subjectId}`,
          removable: null,
        };
      });
    }
  } else if (templates.data) {
    total = templates.data.totalResults;
    rows = templates.data.itens.map((tpl) => {
      const name = tpl.templateName || text.unnamed;
      return {
        key: String(tpl.templateId),
        label: name,
        detail: kind === 'users' ? `${tpl.subjectName} · ${tpl.accountName ?? ''}` : tpl.subjectName,
        to: editorPath(kind, tpl.templateId),
        removable: { templateId: tpl.templateId, name },
      };
    });
  }
  const loading = kind === 'default' ? subjects.isPending || defaults.isPending : templates.isPending;
  const failed =
    kind === 'default'
      ? (subjects.isError && !subjects.data) || (defaults.isError && !defaults.data)
      : templates.isError && !templates.data;
  const retry = () =>
    void (kind === 'default' ? Promise.all([subjects.refetch(), defaults.refetch()]) : templates.refetch());
  const runSearch = () => {
    setTerm(draftTerm.trim());
    setPage(1);
  };
  const clear = () => {
    setDraftTerm('');
    setTerm('');
    setPage(1);
    searchRef.current?.focus();
  };

  let newButton: ReactNode = null;
  if (kind !== 'default')
    newButton = (
      <Button component={Link} to={editorPath(kind)} leftSection={<Icon name="add" />}>
        {kind === 'custom' ? text.newCustom : text.newUser}
      </Button>
    );

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={1} size="h2">
            {text.titles[kind]}
          </Title>
          <Tooltip label={searchOpen ? text.closeSearch : text.openSearch}>
            <ActionIcon
              variant={searchOpen ? 'light' : 'subtle'}
              size="lg"
              aria-label={searchOpen ? text.closeSearch : text.openSearch}
              aria-expanded={searchOpen}
              aria-controls="templates-search"
              onClick={() => {
                if (searchOpen && term) clear();
                setSearchOpen(!searchOpen);
              }}
            >
              <Icon name={searchOpen ? 'search_off' : 'search'} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {newButton}
      </Group>
      <Group align="flex-end" wrap="wrap">
        {searchOpen && (
          <TextInput
            id="templates-search"
            ref={searchRef}
            label={text.search}
            value={draftTerm}
            maxLength={TEMPLATE_SEARCH_MAX}
            leftSection={<Icon name="search" />}
            autoFocus
            rightSection={draftTerm ? <CloseButton aria-label={text.clearSearch} onClick={clear} /> : null}
            onChange={(e) => setDraftTerm(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                runSearch();
              } else if (e.key === 'Escape' && draftTerm) {
                e.preventDefault();
                clear();
              }
            }}
            w={320}
          />
        )}
        {kind === 'users' && (
          <Group gap="xs" align="flex-end">
            <Select
              label={text.userFilter}
              placeholder={text.userFilter}
              searchable
              data={(people.data ?? []).map((p) => ({ value: String(p.accountId), label: p.displayName }))}
              value={accountId === null ? null : String(accountId)}
              onChange={(v) => {
                setAccountId(v ? Number(v) : null);
                setPage(1);
              }}
              w={280}
              nothingFoundMessage={text.empty}
            />
            <Button variant="subtle" disabled={accountId === null} onClick={() => setAccountId(null)}>
              {text.clearFilter}
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md">
        {loading && !failed && (
          <Stack p="md" gap="xs" aria-busy="true" aria-label={t.app.loading}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        )}
        {failed && (
          <Alert color="red" variant="light" role="alert" m="md">
            <Stack gap="xs" align="flex-start">
              {text.loadError}
              <Button size="compact-sm" variant="default" onClick={retry}>
                {text.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {rows && rows.length === 0 && (
          <Text p="lg" ta="center" c="dimmed">
            {text.empty}
          </Text>
        )}
        {rows && rows.length > 0 && (
          <ul className="templates-list" aria-label={text.titles[kind]}>
            {rows.map((row) => (
              <li key={row.key} className="templates-row">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={row.to} truncate>
                    {row.label}
                  </Anchor>
                  {row.detail && (
                    <Text size="sm" c="dimmed" truncate>
                      {row.detail}
                    </Text>
                  )}
                </Stack>
                {row.removable && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={text.remove(row.removable.name)}
                    title={text.remove(row.removable.name)}
                    onClick={() => setRemoving(row.removable)}
                  >
                    <Icon name="delete" />
                  </ActionIcon>
                )}
              </li>
            ))}
          </ul>
        )}
      </Paper>
      {rows && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={TEMPLATE_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
          pagesOnlyWhenFull
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}

        busy={remove.isPending}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.templateId)}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}

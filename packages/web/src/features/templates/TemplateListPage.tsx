import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TEMPLATE_SCENARIO, TEMPLATE_TYPE } from '@talkbase/domain/contracts/templates';
import { useState } from 'react';
import { Link } from 'react-router';
import { templatesText } from '../../i18n/templates.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { ListSearchToggle } from '../settings-list/ListSearchToggle.tsx';
import { NewItemButton, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { useRefreshParam } from '../settings-list/useRefreshParam.ts';
import {
  isFormKind,
  kindOfType,
  TEMPLATE_PAGE_SIZES,
  TEMPLATE_SEARCH_MAX,
  TYPE_OF_KIND,
  type EditorKind,
} from './template-draft.ts';
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
/** A form template (registration or edition) returns to the forms' list. */
export const listPath = (kind: EditorKind | 'forms') =>
  `${TEMPLATES_PATH}/${kind !== 'forms' && isFormKind(kind) ? 'forms' : kind}`;

type ListKind = Exclude<EditorKind, 'registration' | 'edition'> | 'forms';

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
/** 001 §2.8: 'Templates padrão' lists subjects. */
export function DefaultTemplateListPage() {
  return <TemplateListPage kind="default" />;
}
/** The forms records open with (registration and edition templates: issue 34 item 2). */
export function FormTemplateListPage() {
  return <TemplateListPage kind="forms" />;
}
/** 001 §2.8: 'Templates de Usuários' with 'Filtro por usuário'. */
export function UserTemplateListPage() {
  return <TemplateListPage kind="users" />;
}

export function TemplateListPage({ kind }: { kind: ListKind }) {
  const paging = useListPaging(TEMPLATE_PAGE_SIZES[0]);
  const { page, pageSize: fetch } = paging;
  // 001 §2.8: the search runs on Enter.
  const search = useListSearch(paging, { toggled: true, applyOn: 'enter' });
  const term = search.term;
  const [accountId, setAccountId] = useState<number | null>(null);

  // 001 §2.8: the editor sets `refresh` after a save.
  useRefreshParam(templateKeys.all);

  const templateQuery = {
    ...(kind === 'forms' ? { scenarioId: TEMPLATE_SCENARIO.form } : { templateType: TYPE_OF_KIND[kind] }),
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
        detail:
          kind === 'users'
            ? `${tpl.subjectName} · ${tpl.accountName ?? ''}`
            : kind === 'forms'
              ? `${tpl.subjectName} · ${tpl.templateType === TEMPLATE_TYPE.edition ? text.edition : text.registration}`
              : tpl.subjectName,
        to: editorPath(kind === 'forms' ? kindOfType(tpl.templateType) : kind, tpl.templateId),
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
  // Two queries for the default templates: one state for both.
  const list = {
    isPending: loading && !failed,
    isError: failed,
    data: rows && { itens: rows, totalResults: total },
    refetch: retry,
  };

  const removal = useListRemoval<{ templateId: number; name: string }>({
    remove: (removable) => deleteTemplates([removable.templateId]),
    removedTitle: () => text.removed,
    reload: [templateKeys.all],
    paging,
    list,
    failure: { notice: () => ({ title: text.removeError }) },
  });

  return (
    <SettingsList
      title={text.titles[kind]}
      titleAside={<ListSearchToggle search={search} controls="templates-search" texts={text} />}
      actions={
        kind === 'default' ? null : kind === 'forms' ? (
          <Group gap="xs">
            <NewItemButton to={editorPath('registration')}>{text.newRegistration}</NewItemButton>
            <NewItemButton to={editorPath('edition')}>{text.newEdition}</NewItemButton>
          </Group>
        ) : (
          <NewItemButton to={editorPath(kind)}>
            {kind === 'custom' ? text.newCustom : text.newUser}
          </NewItemButton>
        )
      }
      toolbar={
        <Group align="flex-end" wrap="wrap">
          <ListSearchBox
            search={search}
            id="templates-search"
            texts={text}
            maxLength={TEMPLATE_SEARCH_MAX}
            w={320}
          />
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
                  paging.setPage(1);
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
      }
      maw={960}
      list={list}
      texts={text}
      paging={paging}
      pageSizes={TEMPLATE_PAGE_SIZES}
      pagesOnlyWhenFull
      removal={removal}
      // The template confirmations leave out the low-contrast red.
      confirmDanger={false}
    >
      {(shown) => (
        <ul className="templates-list" aria-label={text.titles[kind]}>
          {shown.map(({ key, label, detail, to, removable }) => (
            <li key={key} className="templates-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={to} truncate>
                  {label}
                </Anchor>
                {detail && (
                  <Text size="sm" c="dimmed" truncate>
                    {detail}
                  </Text>
                )}
              </Stack>
              {removable && (
                <RowRemoveButton label={text.remove(removable.name)} onClick={() => removal.ask(removable)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsList>
  );
}

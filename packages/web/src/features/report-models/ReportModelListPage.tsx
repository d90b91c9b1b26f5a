import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReportModelSummary } from '@talkbase/domain/contracts/report-models';
import { Link } from 'react-router';
import { fetchAllSubjects } from '../../fields/editors/designers/designers-api.ts';
import { reportModelsText } from '../../i18n/report-models.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { ListSearchToggle } from '../settings-list/ListSearchToggle.tsx';
import { NewItemButton, RowLink, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { refusalNotice, useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { useRefreshParam } from '../settings-list/useRefreshParam.ts';
import { deleteReportModels, fetchReportModels, reportModelKeys } from './report-models-api.ts';

const text = reportModelsText.list;
export const REPORT_MODEL_EDITOR_PATH = '/config/report-models/editor';
const PAGE_SIZES = [10, 25, 50, 100] as const;
const SEARCH_MAX = 150;

/**
 * 'Modelos de relatório' (issue 34 item 3): the report models, paged, with a search by name, a
 * link to each one's editor and a delete that asks first (DELETE /api/report/model).
 */
export function ReportModelListPage() {
  const paging = useListPaging(PAGE_SIZES[0]);
  const search = useListSearch(paging, { toggled: true });
  const models = useListQuery(
    { page: paging.page, fetch: paging.pageSize, term: search.term },
    reportModelKeys.list,
    fetchReportModels,
  );
  // Subject names for the rows (the list answers identifiers); the identifier stands in meanwhile.
  const subjects = useQuery({
    queryKey: ['fields', 'designers', 'subjects'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 60_000,
  });
  const subjectName = (identifier: string) =>
    subjects.data?.find((s) => s.subjectIdentifier === identifier)?.subjectName ?? identifier;
  useRefreshParam(reportModelKeys.all);
  const removal = useListRemoval<ReportModelSummary>({
    remove: (model) => deleteReportModels([model.templateId]),
    removedTitle: (model) => text.removed(model.templateName),
    reload: [reportModelKeys.all],
    paging,
    list: models,
    failure: refusalNotice(text.removeError),
  });

  return (
    <SettingsList
      title={text.title}
      titleAside={<ListSearchToggle search={search} controls="report-models-search" texts={text} />}
      actions={<NewItemButton to={REPORT_MODEL_EDITOR_PATH}>{text.newModel}</NewItemButton>}
      toolbar={
        <ListSearchBox
          search={search}
          id="report-models-search"
          texts={text}
          maxLength={SEARCH_MAX}
          data-autofocus
          maw={360}
        />
      }
      list={models}
      texts={text}
      paging={paging}
      pageSizes={PAGE_SIZES}
      removal={removal}
    >
      {(rows) => (
        <ul aria-label={text.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((model, i) => (
            <li
              key={model.templateId}
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" px="md" py="xs">
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`${REPORT_MODEL_EDITOR_PATH}/${model.templateId}`}
                    truncate
                    display="block"
                  >
                    {model.templateName}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {text.subject}: {subjectName(model.subjectIdentifier)}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <RowLink
                    to={`${REPORT_MODEL_EDITOR_PATH}/${model.templateId}`}
                    label={text.edit(model.templateName)}
                  />
                  <RowRemoveButton
                    label={text.remove(model.templateName)}
                    onClick={() => removal.ask(model)}
                  />
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </SettingsList>
  );
}

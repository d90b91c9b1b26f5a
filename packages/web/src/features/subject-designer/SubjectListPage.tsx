import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { SchemaImportSummary } from '@talkbase/domain/contracts/schema-transfer';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { NewItemButton, RowLink, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { DeleteWithUsageModal } from './DeleteWithUsageModal.tsx';
import { LIST_PATH } from './paths.ts';
import {
  deleteSubject,
  exportSchema,
  fetchSubjects,
  fetchUsage,
  importSchema,
  subjectKeys,
} from './subject-designer-api.ts';
import './subject-designer.css';

const text = subjectDesignerText.list;
const PAGE_SIZES = [10, 25, 50] as const;

/** /config/subjects: every subject with its attribute and record counts; create, edit, remove, schema. */
export function SubjectListPage() {
  const paging = useListPaging(25);
  const search = useListSearch(paging);
  const [importing, setImporting] = useState(false);
  const list = useListQuery(
    { page: paging.page, fetch: paging.pageSize, term: search.term },
    subjectKeys.list,
    fetchSubjects,
  );

  const removal = useListRemoval<Subject>({
    remove: (s) => deleteSubject(s.subjectIdentifier),
    removedTitle: (s) => subjectDesignerText.remove.removed(s.subjectName),
    reload: [subjectKeys.all, ['readable-subjects']],
    paging,
    list,
    // The usage dialog stays open with the reason.
    failure: {
      inDialog: (err) =>
        err instanceof ApiError && err.status < 500 ? err.message : subjectDesignerText.remove.error,
    },
  });

  const exporting = useMutation({
    mutationFn: exportSchema,
    onSuccess: (doc) => {
      const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `talkbase-esquema-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      notify({ kind: 'success', title: text.exported });
    },
    onError: () => notify({ kind: 'error', title: text.exportError, durationMs: 10_000 }),
  });

  return (
    <SettingsList
      title={text.title}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<Icon name="download" />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            {text.exportSchema}
          </Button>
          <Button variant="default" leftSection={<Icon name="upload" />} onClick={() => setImporting(true)}>
            {text.importSchema}
          </Button>
          <NewItemButton to={`${LIST_PATH}/new`}>{text.newSubject}</NewItemButton>
        </Group>
      }
      toolbar={<ListSearchBox search={search} texts={text} maxLength={60} maw={360} />}
      maw={1100}
      list={list}
      texts={{ ...text, empty: search.term ? text.empty : text.emptyAll }}
      paging={paging}
      pageSizes={PAGE_SIZES}
      dialogs={
        <>
          <DeleteWithUsageModal
            {...removal.confirmProps}
            subject={removal.removing?.subjectIdentifier ?? ''}
            subjectName={removal.removing?.subjectName ?? ''}
            error={removal.error}
          />
          <ImportSchemaModal opened={importing} onClose={() => setImporting(false)} />
        </>
      }
    >
      {(items) => (
        <Table className="sd-table" aria-label={text.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.icon}</Table.Th>
              <Table.Th>{text.name}</Table.Th>
              <Table.Th>{text.identifier}</Table.Th>
              <Table.Th ta="right">{text.attributes}</Table.Th>
              <Table.Th ta="right">{text.records}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{text.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.subjectId} data-subject={s.subjectIdentifier}>
                <Table.Td>
                  <Icon name={s.icon ?? 'description'} size="1.25em" />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={`${LIST_PATH}/${s.subjectIdentifier}`}>
                      {s.subjectName}
                    </Anchor>
                    {s.isBuiltIn && (
                      <Badge size="xs" variant="light">
                        {text.builtIn}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {s.subjectIdentifier}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{s.subjectAttributes.length}</Table.Td>
                <Table.Td ta="right">
                  <RecordCount subject={s.subjectIdentifier} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <RowLink to={`${LIST_PATH}/${s.subjectIdentifier}`} label={text.edit(s.subjectName)} />
                    {!s.isBuiltIn && (
                      <RowRemoveButton label={text.remove(s.subjectName)} onClick={() => removal.ask(s)} />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SettingsList>
  );
}

/** The subject's record count (GET /subject/{s}/usage), loaded per row. */
function RecordCount(props: { subject: string }) {
  const usage = useQuery({
    queryKey: subjectKeys.usage(props.subject),
    queryFn: ({ signal }) => fetchUsage(props.subject, undefined, signal),
    staleTime: 30_000,
  });
  if (usage.isPending)
    return <Skeleton role="status" height={14} width={32} ml="auto" aria-label={text.counting} />;
  if (usage.isError) return <span aria-label={text.loadError}>—</span>;
  return <>{usage.data.records.toLocaleString('pt-BR')}</>;
}

function ImportSchemaModal(props: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<SchemaImportSummary | null>(null);
  const run = useMutation({
    mutationFn: async (f: File) => {
      let doc: unknown;
      try {
        doc = JSON.parse(await f.text());
      } catch {
        throw new Error(text.importNotJson);
      }
      return importSchema(doc);
    },
    onSuccess: async (result) => {
      setSummary(result);
      setError(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['readable-subjects'] }),
      ]);
    },
    onError: (err) =>
      setError(
        err instanceof ApiError
          ? err.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join(' ')
          : err instanceof Error && err.message === text.importNotJson
            ? err.message
            : text.importError,
      ),
  });
  const close = () => {
    setFile(null);
    setError(null);
    setSummary(null);
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={text.importTitle}
      size={560}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file) run.mutate(file);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{text.importHelp}</Text>
          <FileInput
            label={text.importFile}
            accept="application/json,.json"
            value={file}
            onChange={(f) => {
              setFile(f);
              setSummary(null);
              setError(null);
            }}
            clearable
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert" title={text.importError}>
              {error}
            </Alert>
          )}
          {summary && (
            <Alert color="green" variant="light" role="status">
              <Text size="sm">
                {text.importDone(
                  summary.createdSubjects,
                  summary.createdAttributes,
                  summary.createdTemplates,
                )}
              </Text>
              {summary.skipped.length > 0 && (
                <>
                  <Text size="sm" mt="xs">
                    {text.importSkipped}
                  </Text>
                  <List size="sm">
                    {summary.skipped.slice(0, 20).map((s) => (
                      <List.Item key={`${s.kind}:${s.key}`}>
                        {s.key}: {s.reason}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {text.close}
            </Button>
            <Button type="submit" disabled={!file} loading={run.isPending}>
              {text.importRun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

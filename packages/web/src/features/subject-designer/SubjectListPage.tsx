import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileInput,
  Group,
  List,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SchemaImportSummary } from '@talkbase/domain/contracts/schema-transfer';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { notify } from '../notices/notices-store.ts';
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
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(25);
  const [term, setTerm] = useState('');
  const [deferred] = useDebouncedValue(term.trim(), 300);
  const [removing, setRemoving] = useState<Subject | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const query = { page, fetch, term: deferred };
  const list = useQuery({
    queryKey: subjectKeys.list(query),
    queryFn: ({ signal }) => fetchSubjects(query, signal),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (s: Subject) => deleteSubject(s.subjectIdentifier),
    onSuccess: async (_, s) => {
      setRemoving(null);
      notify({ kind: 'success', title: subjectDesignerText.remove.removed(s.subjectName) });
      if (page > 1 && list.data?.itens.length === 1) setPage(page - 1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['readable-subjects'] }),
      ]);
    },
    onError: (err) =>
      setRemoveError(
        err instanceof ApiError && err.status < 500 ? err.message : subjectDesignerText.remove.error,
      ),
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

  const total = list.data?.totalResults ?? 0;
  const items = list.data?.itens ?? [];
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
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
          <Button component={Link} to={`${LIST_PATH}/new`} leftSection={<Icon name="add" />}>
            {text.newSubject}
          </Button>
        </Group>
      </Group>
      <TextInput
        label={text.search}
        value={term}
        maxLength={60}
        leftSection={<Icon name="search" />}
        rightSection={
          term ? (
            <CloseButton
              aria-label={text.clearSearch}
              onClick={() => {
                setTerm('');
                setPage(1);
              }}
            />
          ) : null
        }
        onChange={(e) => {
          setTerm(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Paper withBorder radius="md">
        <ListStates
          query={list}
          empty={items.length === 0}
          texts={{
            loadError: text.loadError,
            reload: text.reload,
            empty: deferred ? text.empty : text.emptyAll,
          }}
        />
        {items.length > 0 && (
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
                      <ActionIcon
                        component={Link}
                        to={`${LIST_PATH}/${s.subjectIdentifier}`}
                        variant="subtle"
                        aria-label={text.edit(s.subjectName)}
                        title={text.edit(s.subjectName)}
                      >
                        <Icon name="edit" />
                      </ActionIcon>
                      {!s.isBuiltIn && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={text.remove(s.subjectName)}
                          title={text.remove(s.subjectName)}
                          onClick={() => {
                            setRemoveError(null);
                            setRemoving(s);
                          }}
                        >
                          <Icon name="delete" />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {list.data && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
      <DeleteWithUsageModal
        opened={removing !== null}
        subject={removing?.subjectIdentifier ?? ''}
        subjectName={removing?.subjectName ?? ''}
        busy={remove.isPending}
        error={removeError}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
      />
      <ImportSchemaModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

/** The subject's record count (GET /subject/{s}/usage), loaded per row. */
function RecordCount(props: { subject: string }) {
  const usage = useQuery({
    queryKey: subjectKeys.usage(props.subject),
    queryFn: ({ signal }) => fetchUsage(props.subject, undefined, signal),
    staleTime: 30_000,
  });
  if (usage.isPending) return <Skeleton height={14} width={32} ml="auto" aria-label={text.counting} />;
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

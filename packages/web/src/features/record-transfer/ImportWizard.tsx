import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { transferText } from '../../i18n/record-transfer.ts';
import {
  downloadErrorReport,
  fetchImport,
  previewImport,
  RECORD_ID_TARGET,
  RECORD_VERSION_TARGET,
  startImport,
  type ImportPreview,
  type ImportProgress,
} from './transfer-api.ts';

const text = transferText;
const POLL_MS = 500;

export interface ImportWizardProps {
  subject: string;
  opened: boolean;
  onClose: () => void;
}

type Mapping = Record<string, string | null>;

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : text.genericError);

/**
 * The import wizard (issue 17): the file; the column mapping (auto-mapped by the server, editable);
 * the preview of the first rows with each row's errors and the choice of all or nothing or skip bad
 * rows; then the background import's progress and its result with the error report. A file with
 * the ID column (an export with it) changes those records: the preview counts new, changed and
 * unchanged rows (issue 39).
 */
export function ImportWizard({ subject, opened, onClose }: ImportWizardProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mode, setMode] = useState<'all' | 'skip'>('skip');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const readFile = async (picked: File | null, given?: Mapping) => {
    setFile(picked);
    setError(null);
    if (!picked) return;
    setBusy(true);
    try {
      const answer = await previewImport(subject, picked, given);
      setPreview(answer);
      setMapping(Object.fromEntries(answer.columns.map((c) => [c.header, c.attribute])));
      return answer;
    } catch (err) {
      setError(messageOf(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  // The import runs on the server: its progress is read until it ends.
  useEffect(() => {
    if (importId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const p = await fetchImport(importId, controller.signal);
        setProgress(p);
        if (p.status === 'running') timer = setTimeout(() => void poll(), POLL_MS);
        else void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
      } catch (err) {
        if (!controller.signal.aborted)
          setError(err instanceof Error ? text.result.loadError : text.genericError);
      }
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [importId, queryClient, subject]);

  const attributeOptions = useMemo(
    () => [
      { value: RECORD_ID_TARGET, label: text.mapping.recordId },
      { value: RECORD_VERSION_TARGET, label: text.mapping.recordVersion },
      ...(preview?.attributes ?? []).map((a) => ({
        value: a.identifier,
        label: a.isRequired ? `${a.name} *` : a.name,
      })),
    ],
    [preview],
  );
  const byId = Object.values(mapping).includes(RECORD_ID_TARGET);
  // With the ID column, rows change records: a required field may well have no column.
  const missingRequired = byId
    ? []
    : (preview?.attributes ?? [])
        .filter((a) => a.isRequired && !Object.values(mapping).includes(a.identifier))
        .map((a) => a.name);
  const changes = preview !== null && preview.updates + preview.unchanged > 0;
  const errorsByRow = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const e of preview?.errors ?? [])
      map.set(e.row, [...(map.get(e.row) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
    return map;
  }, [preview]);

  const toPreview = async () => {
    if (!file) return;
    if (await readFile(file, mapping)) setStep(2);
  };
  const begin = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const started = await startImport(subject, file, mapping, mode);
      setImportId(started.importId);
      setStep(3);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const running = importId !== null && (progress === null || progress.status === 'running');
  const errorRowList = [...errorsByRow.entries()].slice(0, 50);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.title}
      size="xl"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack>
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={text.steps.file} />
          <Stepper.Step label={text.steps.mapping} />
          <Stepper.Step label={text.steps.preview} />
          <Stepper.Step label={text.steps.result} />
        </Stepper>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}

        {step === 0 && (
          <Stack>
            <FileInput
              label={text.file.label}
              placeholder={text.file.placeholder}
              description={text.file.help}
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => void readFile(f)}
              clearable
              data-autofocus
            />
            {busy && <Text size="sm">{text.file.reading}</Text>}
            <Group justify="flex-end">
              <Button disabled={!preview || busy} onClick={() => setStep(1)}>
                {text.next}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 1 && preview && (
          <Stack>
            <Text size="sm">{text.mapping.intro}</Text>
            <ScrollArea.Autosize mah={360}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text.mapping.column}</Table.Th>
                    <Table.Th>{text.mapping.attribute}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.columns.map((c) => (
                    <Table.Tr key={c.header}>
                      <Table.Td>{c.header}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`${text.mapping.attribute}: ${c.header}`}
                          data={attributeOptions}
                          value={mapping[c.header] ?? null}
                          onChange={(v) => setMapping((m) => ({ ...m, [c.header]: v }))}
                          placeholder={text.mapping.ignorePlaceholder}
                          clearable
                          searchable
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {missingRequired.length > 0 && (
              <Alert color="yellow">{text.mapping.required(missingRequired.join(', '))}</Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                {text.back}
              </Button>
              <Button loading={busy} onClick={() => void toPreview()}>
                {text.next}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 2 && preview && (
          <Stack>
            <Text fw={500}>{text.preview.summary(preview.total, preview.errorRows)}</Text>
            {changes && (
              <Text size="sm">{text.preview.kinds(preview.creates, preview.updates, preview.unchanged)}</Text>
            )}
            <Text size="sm" fw={500}>
              {text.preview.firstRows}
            </Text>
            <ScrollArea.Autosize mah={260} type="auto">
              <Table striped withTableBorder fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text.preview.line}</Table.Th>
                    {preview.columns.map((c) => (
                      <Table.Th key={c.header}>{c.attributeName ?? c.header}</Table.Th>
                    ))}
                    <Table.Th>{text.preview.errors}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.row} data-bad={errorsByRow.has(r.row) || undefined}>
                      <Table.Td>{r.row}</Table.Td>
                      {r.values.map((v, i) => (
                        <Table.Td key={i}>{v}</Table.Td>
                      ))}
                      <Table.Td c={errorsByRow.has(r.row) ? 'red' : undefined}>
                        {errorsByRow.get(r.row)?.join('; ') ?? text.preview.rowOk}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Text size="sm" fw={500}>
              {text.preview.errorList}
            </Text>
            {errorRowList.length === 0 ? (
              <Text size="sm">{text.preview.noErrors}</Text>
            ) : (
              <ScrollArea.Autosize mah={160}>
                <ul aria-label={text.preview.errorList} className="transfer-errors">
                  {errorRowList.map(([row, messages]) => (
                    <li key={row}>
                      <Text size="sm" c="red">
                        {`${text.preview.line} ${row}: ${messages.join('; ')}`}
                      </Text>
                    </li>
                  ))}
                </ul>
                {preview.errors.length < preview.errorRows || errorsByRow.size > errorRowList.length ? (
                  <Text size="xs">{text.preview.moreErrors(preview.errorRows - errorRowList.length)}</Text>
                ) : null}
              </ScrollArea.Autosize>
            )}
            <Radio.Group
              label={text.preview.mode}
              value={mode}
              onChange={(v) => setMode(v === 'all' ? 'all' : 'skip')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="all" label={text.preview.modeAll} description={text.preview.modeAllHelp} />
                <Radio value="skip" label={text.preview.modeSkip} description={text.preview.modeSkipHelp} />
              </Stack>
            </Radio.Group>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>
                {text.back}
              </Button>
              <Button loading={busy} onClick={() => void begin()}>
                {text.preview.start}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 3 && (
          <Stack>
            <Text fw={500} role="status">
              {running
                ? text.result.running
                : progress?.status === 'done'
                  ? text.result.done
                  : text.result.failed}
            </Text>
            <Progress
              value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
              animated={running}
              aria-label={text.result.running}
            />
            {progress && <Text size="sm">{text.result.progress(progress.done, progress.total)}</Text>}
            {progress && !running && (
              <Stack gap={4}>
                {progress.message && <Alert color="red">{progress.message}</Alert>}
                <Text>
                  {changes
                    ? text.result.importedOrChanged(progress.imported)
                    : text.result.imported(progress.imported)}
                </Text>
                {progress.skipped > 0 && <Text>{text.result.skipped(progress.skipped)}</Text>}
                {progress.errorCount > 0 && (
                  <Button
                    variant="light"
                    w="fit-content"
                    onClick={() =>
                      void downloadErrorReport(progress.importId).catch((err: unknown) =>
                        setError(messageOf(err)),
                      )
                    }
                  >
                    {text.result.report}
                  </Button>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose} disabled={running}>
                {text.close}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

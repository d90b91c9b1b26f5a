import { Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ReportModel } from '@talkbase/domain/contracts/report-models';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { ReportColumn } from '@talkbase/domain/fields/report-columns';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { fetchAllSubjects } from '../../fields/editors/designers/designers-api.ts';
import { ReportColumnsEditor } from '../../fields/editors/designers/ReportColumnsEditor.tsx';
import { reportModelsText } from '../../i18n/report-models.ts';
import { EditorStates } from '../../ui/EditorStates.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import {
  draftProblems,
  draftSubjects,
  draftToInput,
  modelToDraft,
  newDraft,
  relationOptions,
  type ReportModelDraft,
} from './report-model-draft.ts';
import {
  createReportModel,
  fetchReportModel,
  reportModelKeys,
  updateReportModel,
} from './report-models-api.ts';

const text = reportModelsText.editor;
const LIST_PATH = '/config/report-models';
const NAME_MAX = 150;

/** The designer's column field, as the record form would hand it: its subjects come from `subjects`. */
const COLUMNS_ATTRIBUTE: ContextSubjectAttribute = {
  subjectAttributeId: 0,
  identifier: 'colunas',
  subjectAttributeIdentifier: 'colunas',
  name: 'Colunas',
  attributeName: 'Colunas',
  subjectAttributeName: 'Colunas',
  componentId: 15,
  isRequired: true,
  isEditable: true,
  isNaturalKey: false,
  isMultipleValues: false,
  isOrderable: false,
  isInternal: false,
  length: null,
  defaultValue: null,
  componentConfigs: { subjectsAttribute: 'subjects' },
  relatedSubject: null,
  tooltip: null,
  description: null,
  icon: null,
  order: 0,
  actions: { create: true, update: true, delete: true },
  preSelect: null,
};

/**
 * 'Criar modelo de relatório' / 'Editar modelo de relatório' (issue 34 item 3): the name, the
 * main subject, the subjects related to it that the columns may use, and the columns in the
 * report column designer (002 §4: 'Adicionar coluna', 'Pré-visualização').
 */
export function ReportModelEditorPage(props: { templateId: string | null }) {
  const templateId = props.templateId === null ? null : Number(props.templateId);
  const valid = templateId === null || (Number.isInteger(templateId) && templateId > 0);
  const model = useQuery({
    queryKey: reportModelKeys.one(templateId ?? 0),
    queryFn: ({ signal }) => fetchReportModel(templateId ?? 0, signal),
    enabled: templateId !== null && valid,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const subjects = useQuery({
    queryKey: ['fields', 'designers', 'subjects'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 60_000,
  });
  const notFound = !valid || (model.error instanceof ApiError && model.error.status === 404);
  const state = {
    notFound,
    failed: !notFound && (model.isError || subjects.isError),
    loading: (templateId !== null && valid && model.isPending) || subjects.isPending,
    retry: () => {
      void model.refetch();
      void subjects.refetch();
    },
  };

  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        {templateId === null ? text.titleNew : text.titleEdit}
      </Title>
      <EditorStates state={state} texts={text} skeletonHeight={320}>
        {subjects.data && (
          <ReportModelForm
            key={templateId ?? 'new'}
            templateId={templateId}
            model={model.data ?? null}
            subjects={subjects.data}
          />
        )}
      </EditorStates>
    </Stack>
  );
}

function ReportModelForm(props: {
  templateId: number | null;
  model: ReportModel | null;
  subjects: Subject[];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReportModelDraft>(() =>
    props.model ? modelToDraft(props.model) : newDraft(),
  );
  const unsaved = useUnsavedDraft(draft);
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Map<string, string>>(new Map());
  const [columnsError, setColumnsError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const subjectOptions = useMemo(
    () =>
      props.subjects
        .filter((s) => !s.isBuiltIn)
        .map((s) => ({ value: s.subjectIdentifier, label: s.subjectName })),
    [props.subjects],
  );
  const options = useMemo(
    () => relationOptions(props.subjects, draft.subjectIdentifier),
    [props.subjects, draft.subjectIdentifier],
  );
  const subjects = useMemo(() => draftSubjects(draft, options), [draft, options]);
  const problems = draftProblems(draft);
  const shown = (field: string) => serverProblems.get(field) ?? (touched ? problems.get(field) : undefined);

  const change = (next: Partial<ReportModelDraft>, fields: string[]) => {
    setDraft((d) => ({ ...d, ...next }));
    if (fields.some((f) => [...serverProblems.keys()].some((k) => k === f || k.startsWith(`${f}.`))))
      setServerProblems(
        (prev) => new Map([...prev].filter(([k]) => !fields.some((f) => k === f || k.startsWith(`${f}.`)))),
      );
  };
  const onColumns = useCallback((value: unknown) => {
    setDraft((d) => ({ ...d, columns: Array.isArray(value) ? (value as ReportColumn[]) : [] }));
  }, []);
  const valueOf = useCallback(
    (identifier: string) => (identifier === 'subjects' ? subjects : undefined),
    [subjects],
  );

  const leave = async () => {
    unsaved.release();
    const here = location.pathname;
    await navigate(LIST_PATH);
    forgetTab(here, LIST_PATH);
  };

  const save = async () => {
    setTouched(true);
    if (problems.size > 0 || columnsError) return;
    setSaving(true);
    try {
      const input = draftToInput(draft, options);
      if (props.templateId === null) await createReportModel(input);
      else await updateReportModel(props.templateId, input);
      notify({ kind: 'success', title: text.saved });
      await queryClient.invalidateQueries({ queryKey: reportModelKeys.all });
      await leave();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500 && err.errors.length > 0) {
        const next = new Map<string, string>();
        for (const e of err.errors) if (e.field && !next.has(e.field)) next.set(e.field, e.message);
        setServerProblems(next);
        notify({ kind: 'error', title: err.errors.map((e) => e.message).join(' '), durationMs: 10_000 });
      } else {
        notify({ kind: 'error', title: text.saveError, durationMs: 10_000 });
      }
    } finally {
      setSaving(false);
    }
  };

  const columnsServerError = [...serverProblems].find(
    ([k]) => k === 'columns' || k.startsWith('columns.'),
  )?.[1];

  return (
    <form
      noValidate
      aria-label={props.templateId === null ? text.titleNew : text.titleEdit}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Group align="flex-start" grow wrap="wrap">
          <TextInput
            label={text.name}
            required
            maxLength={NAME_MAX}
            value={draft.templateName}
            onChange={(e) => change({ templateName: e.currentTarget.value }, ['templateName'])}
            onBlur={() => setTouched(true)}
            error={shown('templateName')}
          />
          <Select
            label={text.subject}
            placeholder={text.subjectPlaceholder}
            required
            searchable
            data={subjectOptions}
            value={draft.subjectIdentifier || null}
            onChange={(v) =>
              change({ subjectIdentifier: v ?? '', relations: [] }, [
                'subjectIdentifier',
                'subjects',
                'relatedSubjects',
              ])
            }
            error={shown('subjectIdentifier') ?? shown('subjects')}
          />
        </Group>
        {draft.subjectIdentifier && (
          <MultiSelect
            label={text.relations}
            description={options.length ? text.relationsHelp : text.relationsEmpty}
            data={options.map((o) => ({ value: o.key, label: o.label }))}
            value={draft.relations}
            disabled={options.length === 0}
            onChange={(relations) => change({ relations }, ['relatedSubjects'])}
            error={shown('relatedSubjects')}
            clearable
          />
        )}
        {draft.subjectIdentifier ? (
          <ReportColumnsEditor
            attribute={COLUMNS_ATTRIBUTE}
            label={text.columns}
            id="report-model-columns"
            value={draft.columns}
            onChange={onColumns}
            onInputError={setColumnsError}
            readOnly={false}
            required
            error={touched ? (columnsServerError ?? columnsError) : columnsServerError}
            subject=""
            talkId={0}
            valueOf={valueOf}
          />
        ) : (
          <section aria-labelledby="report-model-columns-label">
            <Text size="sm" fw={500} id="report-model-columns-label" mb={4}>
              {text.columns}
            </Text>
            <Paper withBorder radius="md" p="sm">
              <Text size="sm" c="dimmed">
                {text.chooseSubjectFirst}
              </Text>
            </Paper>
          </section>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void leave()} disabled={saving}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_SCENARIO, TEMPLATE_TYPE, type Template } from '@talkbase/domain/contracts/templates';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { t } from '../../i18n/pt-BR.ts';
import { templatesText } from '../../i18n/templates.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import { RegistrationTemplates } from './RegistrationTemplates.tsx';
import { TemplateColumnsEditor } from './TemplateColumnsEditor.tsx';
import { listPath } from './TemplateListPage.tsx';
import { saveErrors, type ServerProblems } from './save-errors.ts';
import {
  canSave,
  draftFromTemplate,
  draftProblems,
  draftToInput,
  emptyDraft,
  gridColumns,
  isFormKind,
  parseKind,
  withColumns,
  TEMPLATE_NAME_MAX,
  type EditorKind,
  type FieldOption,
  type TemplateDraft,
} from './template-draft.ts';
import {
  createTemplate,
  fetchSubjects,
  fetchTemplate,
  fetchTemplateAccounts,
  fetchTemplates,
  templateKeys,
  updateTemplate,
} from './templates-api.ts';
import './templates.css';

const text = templatesText.editor;
// The form templates' editor (registration and edition) is its own chunk: grids never load it.
const FormTemplateEditor = lazy(() =>
  import('./FormTemplateEditor.tsx').then((m) => ({ default: m.FormTemplateEditor })),
);
const positive = (v: string | null | undefined) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null;

/** template_editor_new (param type) and template_editor (templateId, type) — 001 §2.9. */
export function TemplateEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const kind = parseKind(params.type);
  const templateId = positive(params.templateId);
  const presetSubject = positive(search.get('subject'));
  const template = useQuery({
    queryKey: templateKeys.one(templateId ?? 0),
    queryFn: ({ signal }) => fetchTemplate(templateId ?? 0, signal),
    enabled: templateId !== null,
    retry: false,
  });
  const subjectsQuery = { page: 1, fetch: 1000 };
  const subjects = useQuery({
    queryKey: templateKeys.subjects(subjectsQuery),
    queryFn: ({ signal }) => fetchSubjects(subjectsQuery, signal),
  });
  // An unknown type or a malformed id: back to the custom list (importing the not-found page here
  // would split a shared chunk out of the first-screen bundle and push it over its budget).
  if (!kind || (params.templateId !== undefined && templateId === null))
    return <Navigate to={listPath('custom')} replace />;
  const failed = (templateId !== null && template.isError) || subjects.isError;
  const loading = (templateId !== null && template.isPending) || subjects.isPending;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {templateId !== null ? text.titleEdit : text.titleNew}
      </Title>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => void Promise.all([template.refetch(), subjects.refetch()])}
            >
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {!failed && loading && <Skeleton role="status" height={320} aria-label={t.app.loading} />}
      {!failed && !loading && (
        <TemplateForm
          key={`${kind}-${templateId ?? 'new'}`}
          kind={kind}
          template={template.data ?? null}
          subjects={subjects.data.itens}
          presetSubject={presetSubject}
        />
      )}
    </Stack>
  );
}

type Pending = { kind: 'subject'; subjectId: number | null } | null;

function TemplateForm(props: {
  kind: EditorKind;
  template: Template | null;
  subjects: Subject[];
  presetSubject: number | null;
}) {
  const { kind, template } = props;
  const editing = template !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft>(() =>
    template ? draftFromTemplate(template) : emptyDraft(props.presetSubject),
  );
  const unsaved = useUnsavedDraft(draft);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<ServerProblems>(new Map());
  const [pending, setPending] = useState<Pending>(null);
  const [saving, setSaving] = useState(false);
  const problems = draftProblems(draft, kind);
  const shown = (f: string) => server.get(f) ?? (touched ? problems.get(f as never) : undefined);
  const change = (next: Partial<TemplateDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setServer(new Map());
  };

  const subject = props.subjects.find((s) => s.subjectId === draft.subjectId) ?? null;
  // Groups made through the API on a grid template: the column editor does not show them, and keeps them.
  const keptAreas = draft.areas.length - gridColumns(draft.areas).length;
  const baseTemplates = useQuery({
    queryKey: templateKeys.list({
      scenarioId: TEMPLATE_SCENARIO.grid,
      subjectId: draft.subjectId ?? 0,
      page: 1,
      fetch: 1000,
    }),
    queryFn: ({ signal }) =>
      fetchTemplates(
        { scenarioId: TEMPLATE_SCENARIO.grid, subjectId: draft.subjectId ?? 0, page: 1, fetch: 1000 },
        signal,
      ),
    enabled: kind === 'users' && draft.subjectId !== null,
  });
  const base = useQuery({
    queryKey: templateKeys.one(draft.parentTemplateId ?? 0),
    queryFn: ({ signal }) => fetchTemplate(draft.parentTemplateId ?? 0, signal),
    enabled: kind === 'users' && draft.parentTemplateId !== null,
  });
  const accounts = useQuery({
    queryKey: templateKeys.accounts(draft.parentTemplateId ?? 0, template?.accountId ?? null),
    queryFn: ({ signal }) =>
      fetchTemplateAccounts(draft.parentTemplateId ?? 0, template?.accountId ?? null, signal),
    enabled: kind === 'users' && draft.parentTemplateId !== null,
  });

  // Users type: the base template's columns are the fields; otherwise the subject's attributes.
  let fields: FieldOption[] | null = null;
  if (kind === 'users') {
    if (base.data)
      fields = [...base.data.templateAreas]
        .sort((a, b) => a.order - b.order)
        .filter((a) => a.subjectAttributeId !== null)
        .map((a) => ({
          subjectAttributeId: a.subjectAttributeId as number,
          attributeName: a.attributeName ?? '',
          alias: a.templateAreaName,
        }));
  } else if (subject) {
    fields = subject.subjectAttributes
      .filter((a) => !a.isInternal)
      .map((a) => ({
        subjectAttributeId: a.subjectAttributeId,
        attributeName: a.attributeName,
        alias: null,
        isRequired: a.isRequired,
      }));
  }

  const chooseSubject = (subjectId: number | null) => {
    if (subjectId === draft.subjectId) return;
    if (kind === 'users') {
      change({ subjectId, parentTemplateId: null, accountId: null, areas: [] });
      return;
    }
    if (draft.areas.length > 0) {
      setPending({ kind: 'subject', subjectId });
      return;
    }
    change({ subjectId, relatedTemplateIds: [] });
  };

  const chooseBase = (parentTemplateId: number | null) => {
    change({ parentTemplateId, accountId: null, areas: [] });
  };

  /** Back to the list (its cache already told to reload), closing the editor's tab. */
  const leave = async () => {
    unsaved.release();
    const here = location.pathname;
    const list = listPath(kind);
    await navigate(list);
    forgetTab(here, list);
  };

  const save = async () => {
    setTouched(true);
    if (problems.size > 0) return;
    setSaving(true);
    try {
      const body = draftToInput(draft, kind, template?.version);
      const saved = editing ? await updateTemplate(template.templateId, body) : await createTemplate(body);
      const name = saved.templateName || saved.subjectName;
      notify({ kind: 'success', title: editing ? text.updated(name) : text.inserted(name) });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      await leave();
    } catch (err) {
      const { fields: byField, loose } = saveErrors(err);
      setServer(byField);
      const fallback = editing ? text.updateError : text.insertError;
      if (loose.length > 0 || byField.size === 0)
        notify({ kind: 'error', title: loose.length > 0 ? loose.join(' ') : fallback, durationMs: 10_000 });
    } finally {
      setSaving(false);
    }
  };

  const subjectOptions = props.subjects.map((s) => ({ value: String(s.subjectId), label: s.subjectName }));
  const baseOptions = (baseTemplates.data?.itens ?? [])
    .filter((b) => b.templateType !== TEMPLATE_TYPE.user)
    .map((b) => ({ value: String(b.templateId), label: b.templateName || templatesText.list.unnamed }));
  if (
    editing &&
    kind === 'users' &&
    template.parentTemplateId !== null &&
    !baseOptions.some((o) => o.value === String(template.parentTemplateId))
  )
    baseOptions.push({ value: String(template.parentTemplateId), label: base.data?.templateName ?? '…' });
  const accountOptions = (accounts.data?.itens ?? []).map((a) => ({
    value: String(a.accountId),
    label: a.displayName,
  }));
  if (
    editing &&
    kind === 'users' &&
    template.accountId !== null &&
    !accountOptions.some((o) => o.value === String(template.accountId))
  )
    accountOptions.push({ value: String(template.accountId), label: template.accountName ?? '' });

  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group align="flex-start" grow wrap="wrap">
            {kind !== 'default' && (
              <TextInput
                label={text.name}
                required
                value={draft.templateName}
                maxLength={TEMPLATE_NAME_MAX}
                onChange={(e) => change({ templateName: e.currentTarget.value })}
                error={shown('templateName')}
                miw={220}
              />
            )}
            <Select
              label={text.subject}
              required
              searchable
              data={subjectOptions}
              value={draft.subjectId === null ? null : String(draft.subjectId)}
              onChange={(v) => chooseSubject(v ? Number(v) : null)}
              disabled={editing}
              error={shown('subjectId')}
              nothingFoundMessage={templatesText.list.empty}
              miw={220}
            />
          </Group>
          {kind === 'users' && (
            <Group align="flex-start" grow wrap="wrap">
              <Select
                label={text.baseTemplate}
                required
                data={baseOptions}
                value={draft.parentTemplateId === null ? null : String(draft.parentTemplateId)}
                onChange={(v) => chooseBase(v ? Number(v) : null)}
                disabled={editing || draft.subjectId === null}
                error={shown('parentTemplateId')}
                miw={220}
              />
              <Select
                label={text.user}
                required
                searchable
                data={accountOptions}
                value={draft.accountId === null ? null : String(draft.accountId)}
                onChange={(v) => change({ accountId: v ? Number(v) : null })}
                disabled={editing || draft.parentTemplateId === null}
                error={shown('accountId')}
                miw={220}
              />
            </Group>
          )}
          {kind === 'custom' && draft.subjectId !== null && (
            <RegistrationTemplates
              subjectId={draft.subjectId}
              value={draft.relatedTemplateIds}
              onChange={(relatedTemplateIds) => change({ relatedTemplateIds })}
              error={server.get('relatedTemplateIds')}
            />
          )}
          <Switch
            label={text.showId}
            checked={draft.showTalkIdOnGrid}
            onChange={(e) => change({ showTalkIdOnGrid: e.currentTarget.checked })}
          />
        </Stack>
      </Paper>
      {isFormKind(kind) ? (
        <Suspense fallback={<Skeleton role="status" height={320} aria-label={t.app.loading} />}>
          <FormTemplateEditor
            fields={fields}
            emptyHint={text.pickSubjectFirst}
            areas={draft.areas}
            onChange={(areas) => change({ areas })}
            error={shown('columns') ?? server.get('templateAreas')}
          />
        </Suspense>
      ) : (
        <>
          {keptAreas > 0 && (
            <Alert color="blue" variant="light" p="xs">
              {text.keptAreas(keptAreas)}
            </Alert>
          )}
          <TemplateColumnsEditor
            fields={fields}
            emptyHint={kind === 'users' ? text.pickBaseFirst : text.pickSubjectFirst}
            columns={gridColumns(draft.areas)}
            onChange={(columns) => change({ areas: withColumns(draft.areas, columns) })}
            error={shown('columns') ?? server.get('templateAreas')}
          />
        </>
      )}
      <Group justify="flex-end">
        {!canSave(draft, kind) && (
          <Text size="sm" c="dimmed">
            {text.saveHint}
          </Text>
        )}
        <Button variant="default" onClick={() => void leave()} disabled={saving}>
          {text.cancel}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!canSave(draft, kind)}>
          {text.save}
        </Button>
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title={text.confirmTitle}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) change({ subjectId: pending.subjectId, areas: [], relatedTemplateIds: [] });
          setPending(null);
        }}
      >
        {text.confirmSubject}
      </ConfirmModal>
    </>
  );
}

import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { LeaveConfirmModal } from '../../ui/LeaveConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { IconPickerModal } from '../menus/IconPickerModal.tsx';
import { contextPath } from '../records/context-route.ts';
import { emptyAttribute } from './attribute-draft.ts';
import { AttributeList } from './AttributeList.tsx';
import { AttributeModal } from './AttributeModal.tsx';
import { DeleteWithUsageModal } from './DeleteWithUsageModal.tsx';
import { FormPreview } from './FormPreview.tsx';
import { LIST_PATH } from './paths.ts';
import { RelatedSubjects } from './RelatedSubjects.tsx';
import { SubjectGeneralForm } from './SubjectGeneralForm.tsx';
import { fetchSubject, fetchSubjects, subjectKeys } from './subject-designer-api.ts';
import { useSubjectEditor } from './useSubjectEditor.ts';
import './subject-designer.css';

const text = subjectDesignerText.editor;

/** /config/subjects/new and /config/subjects/{identifier}: one subject, its attributes and a preview. */
export function SubjectEditorPage() {
  const { subject } = useParams();
  const identifier = subject && subject !== 'new' ? subject : null;
  const loaded = useQuery({
    queryKey: subjectKeys.one(identifier ?? ''),
    queryFn: ({ signal }) => fetchSubject(identifier ?? '', signal),
    enabled: identifier !== null,
  });
  const every = useQuery({
    queryKey: subjectKeys.every,
    queryFn: ({ signal }) => fetchSubjects({ page: 1, fetch: 1000 }, signal),
    staleTime: 30_000,
  });
  if (identifier !== null && loaded.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  if (identifier !== null && loaded.isError) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert" title={missing ? text.notFound : text.loadError}>
          <Group mt="sm">
            {!missing && (
              <Button variant="light" color="red" onClick={() => void loaded.refetch()}>
                {text.reload}
              </Button>
            )}
            <Button component={Link} to={LIST_PATH} variant="default">
              {text.back}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return (
    <SubjectEditor
      key={loaded.data?.subjectIdentifier ?? 'new'}
      existing={loaded.data ?? null}
      subjects={every.data?.itens ?? []}
    />
  );
}

function SubjectEditor(props: { existing: Subject | null; subjects: Subject[] }) {
  const existing = props.existing;
  const isNew = existing === null;
  const editor = useSubjectEditor(existing);
  const { attributes, editing, removing, attributeBeingRemoved, blocker } = editor;
  const [picking, setPicking] = useState(false);
  const builtIn = existing?.isBuiltIn ?? false;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Tooltip label={text.back}>
            <ActionIcon component={Link} to={LIST_PATH} variant="subtle" size="lg" aria-label={text.back}>
              <Icon name="arrow_back" />
            </ActionIcon>
          </Tooltip>
          <Title order={1} size="h2">
            {isNew ? text.titleNew : text.titleEdit(existing.subjectName)}
          </Title>
          {builtIn && <Badge variant="light">{subjectDesignerText.list.builtIn}</Badge>}
        </Group>
        {!isNew && (
          <Group gap="xs">
            <Button
              component={Link}
              to={contextPath('grid', existing.subjectIdentifier)}
              variant="default"
              leftSection={<Icon name="table_rows" />}
            >
              {text.openRecords}
            </Button>
            {!builtIn && (
              <Button
                color="red.9"
                // Filled: an outline's dark red text is unreadable in night mode.
                variant="filled"
                leftSection={<Icon name="delete" />}
                onClick={() => editor.askRemove({ kind: 'subject' })}
              >
                {text.removeSubject}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {builtIn && (
        <Alert color="blue" variant="light">
          {text.builtIn}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <SubjectGeneralForm editor={editor} onPickIcon={() => setPicking(true)} />

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-attributes">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4" id="sd-attributes">
                  {text.attributes}
                </Title>
                <Button
                  variant="light"
                  leftSection={<Icon name="add" />}
                  onClick={() => editor.setEditing({ index: null, attribute: emptyAttribute() })}
                >
                  {text.addAttribute}
                </Button>
              </Group>
              {attributes.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {text.noAttributes}
                </Text>
              ) : (
                <AttributeList
                  attributes={attributes}
                  canRemove={!builtIn}
                  onMove={editor.move}
                  onEdit={(index) => {
                    const a = attributes[index];
                    if (a) editor.setEditing({ index, attribute: a });
                  }}
                  onRemove={(index) => editor.askRemove({ kind: 'attribute', index })}
                />
              )}
            </Stack>
          </Paper>

          <RelatedSubjects
            attributes={attributes}
            referring={editor.referring.data ?? []}
            subjects={props.subjects}
          />
        </Stack>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-preview">
          <Stack gap="sm">
            <Title order={2} size="h4" id="sd-preview">
              {text.preview}
            </Title>
            <Text size="sm" c="dimmed">
              {text.previewHelp}
            </Text>
            <FormPreview
              subject={editor.subjectId || 'novo'}
              attributes={attributes}
              subjects={props.subjects}
            />
          </Stack>
        </Paper>
      </SimpleGrid>

      {isNew && (
        <Stack gap="xs">
          {editor.generalError && (
            <Alert color="red" variant="light" role="alert">
              {editor.generalError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={LIST_PATH}>
              {subjectDesignerText.attribute.cancel}
            </Button>
            <Button
              onClick={editor.submitGeneral}
              loading={editor.saveGeneral.isPending}
              leftSection={<Icon name="save" />}
            >
              {text.saveNew}
            </Button>
          </Group>
        </Stack>
      )}

      <AttributeModal
        opened={editing !== null}
        initial={editing?.attribute ?? emptyAttribute()}
        isNew={editing?.index === null || editing?.attribute.subjectAttributeId === undefined}
        subject={editor.subjectId}
        subjects={props.subjects}
        takenIdentifiers={attributes.filter((_, i) => i !== editing?.index).map((a) => a.identifier)}
        submitLabel={isNew ? subjectDesignerText.attribute.apply : subjectDesignerText.attribute.save}
        onSubmit={editor.submitAttribute}
        onClose={() => editor.setEditing(null)}
      />
      <LeaveConfirmModal blocker={blocker} title={text.unsaved} leaveLabel={text.leave} stayLabel={text.stay}>
        {isNew ? text.confirmLeaveNew : text.confirmLeave}
      </LeaveConfirmModal>
      <IconPickerModal
        opened={picking}
        current={editor.icon}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          editor.setIcon(picked);
          setPicking(false);
        }}
      />
      <DeleteWithUsageModal
        opened={removing !== null}
        subject={editor.subjectId}
        subjectName={existing?.subjectName ?? editor.name}
        attribute={
          attributeBeingRemoved
            ? {
                identifier: attributeBeingRemoved.identifier,
                name: attributeBeingRemoved.name,
                saved: !isNew && attributeBeingRemoved.subjectAttributeId !== undefined,
              }
            : undefined
        }
        busy={editor.remove.isPending}
        error={editor.removeError}
        onConfirm={() => removing && editor.remove.mutate(removing)}
        onClose={() => {
          if (!editor.remove.isPending) editor.setRemoving(null);
        }}
      />
    </Stack>
  );
}

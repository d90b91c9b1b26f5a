import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { identifierFromName } from './attribute-draft.ts';
import type { SubjectEditorState } from './useSubjectEditor.ts';

const text = subjectDesignerText.editor;

/**
 * The subject editor's "general" section: name, identifier (fixed once created), icon and natural
 * key. An existing subject saves it with its own button; a new one with the page's.
 */
export function SubjectGeneralForm({
  editor,
  onPickIcon,
}: {
  editor: SubjectEditorState;
  onPickIcon: () => void;
}) {
  const { isNew, name, identifier, identifierTouched, icon, naturalKey, submitted } = editor;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-general">
      <form onSubmit={editor.submitGeneral} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="sd-general">
            {text.general}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={text.name}
              required
              value={name}
              maxLength={150}
              error={submitted ? editor.nameError : undefined}
              onChange={(e) => {
                const next = e.currentTarget.value;
                editor.setName(next);
                if (!identifierTouched) editor.setIdentifier(identifierFromName(next));
              }}
            />
            <TextInput
              label={text.identifier}
              required
              value={identifier}
              maxLength={60}
              disabled={!isNew}
              description={text.identifierHelp}
              error={isNew && (submitted || identifierTouched) ? editor.idError : undefined}
              onChange={(e) => {
                editor.setIdentifierTouched(true);
                editor.setIdentifier(e.currentTarget.value);
              }}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {text.icon}
              </Text>
              <Group gap="xs">
                <Paper withBorder p={6} radius="sm" aria-hidden>
                  <Icon name={icon ?? 'description'} size="1.5em" />
                </Paper>
                <Button variant="default" onClick={onPickIcon}>
                  {text.chooseIcon}
                </Button>
                {icon && (
                  <Button variant="subtle" onClick={() => editor.setIcon(null)}>
                    {text.clearIcon}
                  </Button>
                )}
              </Group>
            </div>
            <Select
              label={text.naturalKey}
              description={text.naturalKeyHelp}
              placeholder={text.noNaturalKey}
              data={editor.keyOptions}
              value={naturalKey}
              clearable
              onChange={(v) => {
                editor.setNaturalKey(v);
                if (isNew)
                  editor.setAttributes((list) =>
                    list.map((a) => ({ ...a, isNaturalKey: a.identifier === v })),
                  );
              }}
            />
          </SimpleGrid>
          {editor.generalError && (
            <Alert color="red" variant="light" role="alert">
              {editor.generalError}
            </Alert>
          )}
          {!isNew && (
            <Group justify="flex-end">
              <Button type="submit" loading={editor.saveGeneral.isPending}>
                {text.save}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

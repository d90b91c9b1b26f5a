import { Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { emptyConfig, MAX_TEMPLATE_CHARS, type EmailConfig } from '@talkbase/domain/contracts/jobs';
import { automationsText } from '../../../i18n/automations.ts';
import { componentGroup } from '@talkbase/domain/fields/component-types';
import { useSubjectSchema } from '../../../fields/editors/complex/useSubjectSchema.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import { TemplateText } from './TemplateText.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** SendEmail: subject and content with '${' variables, recipients, attributes, attachments and flags. */
export function EmailActionEditor(props: ActionEditorProps) {
  const configs = props.step.configs as EmailConfig[];
  const schema = useSubjectSchema(props.eventSubject);
  const attributes = (schema.data?.subjectAttributes ?? []).filter((a) => !a.isInternal);
  const attributeData = attributes.map((a) => ({ value: String(a.subjectAttributeId), label: a.name }));
  const fileData = attributes
    .filter((a) => componentGroup(a.componentId) === 'file')
    .map((a) => ({ value: String(a.subjectAttributeId), label: a.name }));
  const relatedData = props.subjects.map((s) => ({ value: String(s.subjectId), label: s.subjectName }));
  const set = (i: number, next: EmailConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  const ids = (values: string[]) => values.map(Number);
  return (
    <ConfigList
      configs={configs}
      problem={props.problem('configs')}
      onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('SendEmail')] })}
      onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
      render={(config, i) => (
        <Stack gap="xs">
          <TemplateText
            label={text.emailSubject}
            required
            value={config.subject}
            maxLength={500}
            subject={props.eventSubject}
            subjects={props.subjects}
            error={props.problem(`configs.${i}.subject`)}
            onChange={(subject) => set(i, { ...config, subject })}
          />
          <TemplateText
            label={text.emailContent}
            multiline
            value={config.content}
            maxLength={MAX_TEMPLATE_CHARS}
            subject={props.eventSubject}
            subjects={props.subjects}
            error={props.problem(`configs.${i}.content`)}
            onChange={(content) => set(i, { ...config, content })}
          />
          <TextInput
            label={text.emailTo}
            description={text.emailToHint}
            value={config.to}
            maxLength={5000}
            onChange={(e) => set(i, { ...config, to: e.currentTarget.value })}
            error={props.problem(`configs.${i}.to`)}
          />
          <Group gap="lg" wrap="wrap">
            <Checkbox
              label={text.sendToCreatedBy}
              checked={config.sendToCreatedBy}
              onChange={(e) => set(i, { ...config, sendToCreatedBy: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.notifyPropertyChanged}
              checked={config.notifyPropertyChanged}
              onChange={(e) => set(i, { ...config, notifyPropertyChanged: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.sendEmptyReport}
              checked={config.sendEmptyReport}
              onChange={(e) => set(i, { ...config, sendEmptyReport: e.currentTarget.checked })}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <MultiSelect
              label={text.emailAttributes}
              data={attributeData}
              value={config.attributes.map(String)}
              onChange={(v) => set(i, { ...config, attributes: ids(v) })}
              searchable
              clearable
            />
            <MultiSelect
              label={text.attachments}
              data={fileData}
              value={config.attachments.map(String)}
              onChange={(v) => set(i, { ...config, attachments: ids(v) })}
              searchable
              clearable
            />
            <MultiSelect
              label={text.relatedSubject}
              data={relatedData}
              value={config.relatedSubjects.map(String)}
              onChange={(v) => set(i, { ...config, relatedSubjects: ids(v) })}
              searchable
              clearable
            />
          </Group>
          <Group align="flex-end" wrap="wrap">
            <Checkbox
              label={text.sendToRelated}
              checked={config.sendToRelated.send}
              onChange={(e) =>
                set(i, {
                  ...config,
                  sendToRelated: { ...config.sendToRelated, send: e.currentTarget.checked },
                })
              }
            />
            {config.sendToRelated.send && (
              <Select
                label={text.relatedSubject}
                data={relatedData}
                value={config.sendToRelated.subjectId ? String(config.sendToRelated.subjectId) : null}
                onChange={(v) =>
                  set(i, {
                    ...config,
                    sendToRelated: { ...config.sendToRelated, subjectId: v === null ? null : Number(v) },
                  })
                }
                searchable
              />
            )}
          </Group>
        </Stack>
      )}
    />
  );
}

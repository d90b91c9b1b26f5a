import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  emptyConfig,
  HTTP_METHODS,
  MAX_TEMPLATE_CHARS,
  MAX_URL_CHARS,
  type HttpRequestConfig,
} from '@talkbase/domain/contracts/jobs';
import { automationsText } from '../../../i18n/automations.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import { TemplateText } from './TemplateText.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** HttpRequest: method, URL, headers and a body template with '${' variables. */
export function HttpRequestEditor(props: ActionEditorProps) {
  const configs = props.step.configs as HttpRequestConfig[];
  const set = (i: number, next: HttpRequestConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  return (
    <ConfigList
      configs={configs}
      problem={props.problem('configs')}
      onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('HttpRequest')] })}
      onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
      render={(config, i) => (
        <Stack gap="xs">
          <Group grow align="flex-start">
            <Select
              label={text.method}
              data={[...HTTP_METHODS]}
              value={config.method}
              allowDeselect={false}
              onChange={(v) => v && set(i, { ...config, method: v })}
              maw={140}
            />
            <TextInput
              label={text.url}
              required
              type="url"
              maxLength={MAX_URL_CHARS}
              value={config.url}
              onChange={(e) => set(i, { ...config, url: e.currentTarget.value })}
              error={props.problem(`configs.${i}.url`)}
            />
          </Group>
          <Text size="sm" fw={500}>
            {text.headers}
          </Text>
          {config.headers.map((header, h) => (
            <Group key={h} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={`${text.headerName} ${h + 1}`}
                value={header.name}
                maxLength={200}
                onChange={(e) =>
                  set(i, {
                    ...config,
                    headers: replaceAt(config.headers, h, { ...header, name: e.currentTarget.value }),
                  })
                }
              />
              <TextInput
                label={`${text.headerValue} ${h + 1}`}
                value={header.value}
                maxLength={4000}
                style={{ flex: 1 }}
                onChange={(e) =>
                  set(i, {
                    ...config,
                    headers: replaceAt(config.headers, h, { ...header, value: e.currentTarget.value }),
                  })
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={text.removeHeader(h + 1)}
                title={text.removeHeader(h + 1)}
                onClick={() => set(i, { ...config, headers: config.headers.filter((_, j) => j !== h) })}
              >
                <Icon name="delete" />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={<Icon name="add" />}
            onClick={() => set(i, { ...config, headers: [...config.headers, { name: '', value: '' }] })}
          >
            {text.addHeader}
          </Button>
          <TemplateText
            label={text.body}
            multiline
            value={config.body}
            maxLength={MAX_TEMPLATE_CHARS}
            subject={props.eventSubject}
            subjects={props.subjects}
            onChange={(body) => set(i, { ...config, body })}
          />
        </Stack>
      )}
    />
  );
}

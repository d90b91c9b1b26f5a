import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { emptyConfig, type TagConfig } from '@talkbase/domain/contracts/jobs';
import { automationsText } from '../../../i18n/automations.ts';
import { fetchTagChoices } from '../automations-api.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** SetTalkTag / RemoveTalkTag: one tag per configuration, picked from /api/tag. */
export function TagActionEditor(props: ActionEditorProps) {
  const tags = useQuery({
    queryKey: ['jobs', 'tag-choices'],
    queryFn: ({ signal }) => fetchTagChoices(signal),
    staleTime: 30_000,
  });
  const configs = props.step.configs as TagConfig[];
  const data = (tags.data?.itens ?? []).map((t) => ({ value: String(t.tagId), label: t.tagName }));
  return (
    <>
      {tags.isError && (
        <Text size="sm" c="red" role="alert">
          {text.loadError}
        </Text>
      )}
      <ConfigList
        configs={configs}
        problem={props.problem('configs')}
        onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('SetTalkTag')] })}
        onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
        render={(config, i) => (
          <Select
            label={text.tag}
            placeholder={tags.isPending ? text.loading : text.tagPlaceholder}
            required
            searchable
            data={data}
            value={config.tagId ? String(config.tagId) : null}
            onChange={(v) =>
              props.onChange({
                ...props.step,
                configs: replaceAt(configs, i, { ...config, tagId: v === null ? null : Number(v) }),
              })
            }
            error={props.problem(`configs.${i}.tagId`)}
          />
        )}
      />
    </>
  );
}

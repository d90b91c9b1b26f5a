import { MultiSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { emptyConfig, MAX_TEMPLATE_CHARS, type DialogConfig } from '@talkbase/domain/contracts/jobs';
import { automationsText } from '../../../i18n/automations.ts';
import { fetchAccounts } from '../../users/users-api.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import { TemplateText } from './TemplateText.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** SetTalkDialog / SetTalkDialogByFilter: a message on the record's conversation, and its accounts. */
export function DialogActionEditor(props: ActionEditorProps) {
  const configs = props.step.configs as DialogConfig[];
  const accounts = useQuery({
    queryKey: ['jobs', 'account-choices'],
    queryFn: ({ signal }) => fetchAccounts({ page: 1, size: 500, term: '' }, signal),
    staleTime: 30_000,
  });
  const set = (i: number, next: DialogConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  return (
    <ConfigList
      configs={configs}
      problem={props.problem('configs')}
      onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('SetTalkDialog')] })}
      onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
      render={(config, i) => (
        <Stack gap="xs">
          <TemplateText
            label={text.dialogValue}
            multiline
            required
            value={config.value}
            maxLength={Math.min(MAX_TEMPLATE_CHARS, 4000)}
            subject={props.eventSubject}
            subjects={props.subjects}
            error={props.problem(`configs.${i}.value`)}
            onChange={(value) => set(i, { ...config, value })}
          />
          <MultiSelect
            label={text.accounts}
            placeholder={accounts.isPending ? text.loading : text.accountsPlaceholder}
            required
            searchable
            data={(accounts.data?.itens ?? []).map((a) => ({
              value: String(a.accountId),
              label: a.displayName,
            }))}
            value={config.accountIds.map(String)}
            onChange={(v) => set(i, { ...config, accountIds: v.map(Number) })}
            error={props.problem(`configs.${i}.accountIds`)}
          />
        </Stack>
      )}
    />
  );
}

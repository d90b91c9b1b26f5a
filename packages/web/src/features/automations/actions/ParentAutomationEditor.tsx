import { Checkbox, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { emptyConfig, type ParentJobConfig } from '@talkbase/domain/contracts/jobs';
import { useSubjectSchema } from '../../../fields/editors/complex/useSubjectSchema.ts';
import { automationsText } from '../../../i18n/automations.ts';
import { fetchJobs } from '../automations-api.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** ExecuteParentJob: which automation to run on the record a reference attribute points to. */
export function ParentAutomationEditor(props: ActionEditorProps) {
  const configs = props.step.configs as ParentJobConfig[];
  const jobs = useQuery({
    queryKey: ['jobs', 'parent-choices'],
    queryFn: ({ signal }) => fetchJobs({ page: 1, fetch: 100 }, signal),
    staleTime: 30_000,
  });
  const schema = useSubjectSchema(props.eventSubject);
  const references = (schema.data?.subjectAttributes ?? []).filter((a) => a.relatedSubject !== null);
  const set = (i: number, next: ParentJobConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  return (
    <ConfigList
      configs={configs}
      onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('ExecuteParentJob')] })}
      onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
      render={(config, i) => (
        <Stack gap="xs">
          <Select
            label={text.parentAttribute}
            placeholder={props.eventSubject ? text.attributePlaceholder : text.noSubject}
            data={references.map((a) => ({ value: String(a.subjectAttributeId), label: a.name }))}
            value={config.subjectAttributeId ? String(config.subjectAttributeId) : null}
            onChange={(v) => {
              const attribute = references.find((a) => String(a.subjectAttributeId) === v);
              set(i, {
                ...config,
                subjectAttributeId: attribute?.subjectAttributeId ?? null,
                subjectId: attribute?.relatedSubject?.subjectId ?? null,
              });
            }}
            searchable
          />
          <Select
            label={text.parentJob}
            placeholder={jobs.isPending ? text.loading : text.parentJobPlaceholder}
            data={(jobs.data?.itens ?? [])
              .filter((j) => j.jobId !== props.jobId)
              .map((j) => ({ value: String(j.jobId), label: j.name }))}
            value={config.jobId ? String(config.jobId) : null}
            onChange={(v) => {
              const job = jobs.data?.itens.find((j) => String(j.jobId) === v);
              set(i, { ...config, jobId: job?.jobId ?? null, jobName: job?.name ?? '' });
            }}
            searchable
          />
          <Checkbox
            label={text.forceExecution}
            checked={config.forceExecution}
            onChange={(e) => set(i, { ...config, forceExecution: e.currentTarget.checked })}
          />
        </Stack>
      )}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { fetchVariables, notificationKeys } from '../../notifications/notifications-api.ts';
import { TemplateField } from '../../notifications/TemplateField.tsx';

/**
 * A template text of an action (e-mail subject and content, HTTP body, message): the
 * notifications' field (001 §2.11), where '${' opens the picker of the event subject's variables.
 */
export function TemplateText(props: {
  label: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  required?: boolean;
  error?: string | undefined;
  subject: string | null;
  subjects: readonly ReadableSubject[];
  onChange: (value: string) => void;
}) {
  const subjectId = props.subjects.find((s) => s.subjectIdentifier === props.subject)?.subjectId ?? null;
  const variables = useQuery({
    queryKey: notificationKeys.variables(subjectId),
    queryFn: ({ signal }) => fetchVariables(subjectId, signal),
    staleTime: 60_000,
  });
  return (
    <TemplateField
      label={props.label}
      value={props.value}
      maxLength={props.maxLength}
      multiline={props.multiline ?? false}
      required={props.required ?? false}
      error={props.error}
      variables={variables.data}
      variablesLoading={variables.isPending}
      variablesFailed={variables.isError}
      onChange={props.onChange}
    />
  );
}

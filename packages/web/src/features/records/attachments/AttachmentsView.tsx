import { Alert, Button, EmptyState, Skeleton, Stack, Title } from '@mantine/core';
import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { useMemo } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { getSession } from '../../session/session-store.ts';
import { AttributeFiles } from './AttributeFiles.tsx';
import type { TokenGetter } from './file-transfer.ts';
import { useRecordFiles } from './useRecordFiles.ts';
import { recordsViewsText } from '../../../i18n/records-views.ts';

const text = recordsViewsText.attachments;
const FILE_COMPONENTS: readonly number[] = [22, 34];

/** The token the API client sends too (start.tsx connects the client to the same session store). */
const sessionToken: TokenGetter = () => getSession()?.token ?? null;

export function isFileAttribute(attribute: ContextSubjectAttribute): boolean {
  return FILE_COMPONENTS.includes(resolveComponentId(attribute.componentId) ?? 0);
}

interface AttachmentsViewProps {
  context: ContextResponse;
  talkId: number;
}

/**
 * Every file of the record (002 §2 scenario attachments), grouped by file attribute: download one
 * or all, upload and remove where the account may change the attribute.
 */
export function AttachmentsView({ context, talkId }: AttachmentsViewProps) {
  const subject = context.subject.subjectIdentifier;
  const talk = useRecordFiles(subject, talkId);
  const attributes = useMemo(
    () =>
      context.subject.subjectAttributes
        .filter((attribute) => isFileAttribute(attribute) && !attribute.isInternal)
        .sort((a, b) => a.order - b.order),
    [context.subject.subjectAttributes],
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {text.title}
      </Title>
      {attributes.length === 0 ? (
        <EmptyState icon={<Icon name="attach_file" size={32} />} title={text.noFileAttributes} />
      ) : talk.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t.app.loading}>
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : talk.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {talk.error.message || recordsViewsText.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void talk.refetch()}>
              {recordsViewsText.retry}
            </Button>
          </Stack>
        </Alert>
      ) : (
        attributes.map((attribute) => {
          const canUpload =
            context.subject.actions.Update &&
            attribute.actions.update &&
            attribute.isEditable &&
            !talk.data.isReadOnly;
          return (
            <AttributeFiles
              key={attribute.subjectAttributeId}
              subject={subject}
              talkId={talkId}
              attribute={attribute}
              files={talk.data.talkAttachments.filter(
                (file) => file.subjectAttributeId === attribute.subjectAttributeId,
              )}
              canUpload={canUpload}
              canRemove={canUpload && attribute.actions.delete}
              token={sessionToken}
            />
          );
        })
      )}
    </Stack>
  );
}

import { Button, Group } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../ui/Icon.tsx';
import { forgetTab } from '../../tabs/tabs-store.ts';
import { contextPath } from '../context-route.ts';
import { useRecordActions } from './useRecordActions.tsx';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;

/**
 * Delete, deactivate and activate of one record from its own views (form, talk view), with the
 * grid's confirmations and related-records modal, through the batch calls with its one id. After a
 * delete, `onDeleted` runs; without one the record's tab closes and its subject's grid opens.
 */
export function RecordActionsBar(props: {
  context: ContextResponse;
  talk: ApiTalk;
  onDeleted?: (() => void) | undefined;
}) {
  const { context, talk, onDeleted } = props;
  const subject = context.subject.subjectIdentifier;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const actions = useRecordActions(subject, async (kind) => {
    await queryClient.invalidateQueries({ queryKey: ['talks', subject] });
    if (kind !== 'delete') {
      await queryClient.invalidateQueries({ queryKey: ['talk', subject, talk.talkId] });
      return;
    }
    queryClient.removeQueries({ queryKey: ['talk', subject, talk.talkId] });
    if (onDeleted) {
      onDeleted();
      return;
    }
    const here = `${location.pathname}${location.search}`;
    forgetTab(here, here);
    void navigate(contextPath('grid', subject), { replace: true });
  });
  const canDelete = context.subject.actions.Delete;
  const canToggle = context.subject.actions.Deactivate;
  if (!canDelete && !canToggle) return null;
  return (
    <Group gap="xs" className="record-actions">
      {canToggle && (
        <Button
          variant="default"
          leftSection={<Icon name={talk.isActive ? 'toggle_off' : 'toggle_on'} size="1.1em" />}
          loading={actions.busy}
          onClick={() => actions.ask(talk.isActive ? 'deactivate' : 'activate', [talk.talkId])}
        >
          {talk.isActive ? text.grid.deactivate : text.grid.activate}
        </Button>
      )}
      {canDelete && (
        <Button
          variant="light"
          color="red"
          leftSection={<Icon name="delete" size="1.1em" />}
          onClick={() => actions.ask('delete', [talk.talkId])}
        >
          {text.grid.delete}
        </Button>
      )}
      {actions.modals}
    </Group>
  );
}

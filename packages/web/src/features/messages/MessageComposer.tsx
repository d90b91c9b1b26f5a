import { Button, Checkbox, Group, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MAX_LENGTH, messageTexts, type MessageAccount } from '@talkbase/domain/contracts/messages';
import { useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { conversationText as text } from '../../i18n/conversation.ts';
import { emailText } from '../../i18n/email.ts';
import { Icon } from '../../ui/Icon.tsx';
import { fetchEmailState, postEmailReply, postMessage } from './messages-api.ts';
import { messagesKey, unreadKey } from './useConversation.ts';

/** Characters left are shown once the text comes this close to the limit. */
const COUNT_FROM = MESSAGE_MAX_LENGTH - 500;

/**
 * Writes a message: Enter sends, Shift+Enter breaks the line. When the account may address
 * some people only (the server's participants), 'Visível para' narrows who sees it.
 */
export function MessageComposer(props: { subject: string; talkId: number; participants: MessageAccount[] }) {
  const { subject, talkId, participants } = props;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [visibleTo, setVisibleTo] = useState<string[]>([]);
  // "Enviar por e-mail" is offered only where it works: an active channel and a requester with e-mail.
  const email = useQuery({
    queryKey: ['email-state', subject, talkId],
    queryFn: ({ signal }) => fetchEmailState(subject, talkId, signal),
    staleTime: 30_000,
  });
  const [byEmail, setByEmail] = useState(false);
  const emailTo = email.data?.canReply ? email.data.requester : null;
  const send = useMutation({
    mutationFn: (body: { text: string; visibleTo: number[] | null }) =>
      emailTo && byEmail
        ? postEmailReply(subject, talkId, { text: body.text })
        : postMessage(subject, talkId, body),
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: messagesKey(subject, talkId) });
      void queryClient.invalidateQueries({ queryKey: unreadKey(subject, talkId) });
    },
  });
  const trimmed = draft.trim();
  const tooLong = trimmed.length > MESSAGE_MAX_LENGTH;
  const canSend = trimmed.length > 0 && !tooLong && !send.isPending;
  const submit = () => {
    if (!canSend) return;
    send.mutate({ text: trimmed, visibleTo: visibleTo.length ? visibleTo.map(Number) : null });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  const serverError =
    send.error instanceof ApiError
      ? send.error.errors.map((x) => x.message).join(' ')
      : send.error
        ? text.sendError
        : null;

  return (
    <Stack gap="xs" mt="md" className="message-composer">
      {participants.length > 0 && !(emailTo && byEmail) && (
        <MultiSelect
          label={text.visibleToLabel}
          placeholder={visibleTo.length ? undefined : text.visibleToEveryone}
          data={participants.map((p) => ({ value: String(p.accountId), label: p.name }))}
          value={visibleTo}
          onChange={setVisibleTo}
          searchable
          clearable
          size="sm"
          leftSection={<Icon name={visibleTo.length ? 'lock' : 'group'} size="1.1em" />}
        />
      )}
      <Textarea
        label={text.composerLabel}
        placeholder={text.composerPlaceholder}
        description={text.composerHint}
        autosize
        minRows={2}
        maxRows={8}
        value={draft}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          if (send.isError) send.reset();
        }}
        onKeyDown={onKeyDown}
        error={tooLong ? messageTexts.textTooLong : serverError}
      />
      {emailTo && (
        <Checkbox
          label={emailText.conversation.sendByEmailTo(emailTo)}
          checked={byEmail}
          onChange={(e) => {
            setByEmail(e.currentTarget.checked);
          }}
        />
      )}
      <Group justify="space-between">
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
          {trimmed.length > COUNT_FROM ? text.remaining(MESSAGE_MAX_LENGTH - trimmed.length) : ''}
        </Text>
        <Button
          onClick={submit}
          disabled={!canSend}
          loading={send.isPending}
          leftSection={<Icon name="send" size="1.1em" />}
        >
          {text.send}
        </Button>
      </Group>
    </Stack>
  );
}

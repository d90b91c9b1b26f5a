import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { MessageAccount, TalkMessage } from '@talkbase/domain/contracts/messages';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { Fragment, useEffect, useRef, useState } from 'react';
import { conversationText as text } from '../../i18n/conversation.ts';
import { emailText } from '../../i18n/email.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useSession } from '../session/useSession.ts';
import { THREAD_DOM_ID } from './ConversationLink.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { useConversation } from './useConversation.ts';
import { useMarkRead } from './useMarkRead.ts';
import './messages.css';

/**
 * The conversation on a record (issue 13): its messages oldest first, live, with the unread count,
 * and a composer. Opening the thread (it is on screen and the window is in front) marks it read.
 */
export function MessageThread({ subject, talkId }: { subject: string; talkId: number }) {
  const me = useSession()?.user.accountId ?? 0;
  const { pages, unread, participants, messages } = useConversation(subject, talkId);
  const root = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const firstPage = pages.data?.pages[0];
  // Where 'Novas mensagens' goes: the read marker as the thread was first shown.
  const [readBefore, setReadBefore] = useState<number | null>(null);
  if (firstPage && readBefore === null) setReadBefore(firstPage.lastReadMessageId);
  const newest = messages.at(-1)?.messageId ?? 0;
  useMarkRead(subject, talkId, newest, unread.data?.unread ?? 0, root);

  // Keep the newest message in view as messages arrive, unless the reader scrolled up to read.
  const stickToBottom = useRef(true);
  useEffect(() => {
    const node = list.current;
    if (node && stickToBottom.current) node.scrollTop = node.scrollHeight;
  }, [newest]);

  const firstNew = messages.find(
    (m) => readBefore !== null && readBefore > 0 && m.messageId > readBefore && m.authorId !== me,
  )?.messageId;
  const unreadCount = unread.data?.unread ?? 0;

  return (
    <Paper
      component="section"
      ref={root}
      withBorder
      p="md"
      radius="md"
      id={THREAD_DOM_ID}
      className="message-thread"
      aria-labelledby="message-thread-title"
    >
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Icon name="forum" size="1.3em" />
          <Title order={2} size="h4" id="message-thread-title">
            {text.title}
          </Title>
          {unreadCount > 0 && (
            <Badge color="red.9" variant="filled" aria-live="polite">
              {text.unread(unreadCount)}
            </Badge>
          )}
        </Group>
      </Group>

      {pages.isPending && (
        <Center py="lg" aria-busy="true">
          <Loader size="sm" aria-label={text.loading} />
        </Center>
      )}
      {pages.isError && !pages.data && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void pages.refetch()}>
              {text.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {pages.isSuccess && messages.length === 0 && (
        <Stack gap={4} align="center" py="md" className="message-empty">
          <Icon name="chat_bubble" size={28} />
          <Text fw={600}>{text.empty}</Text>
          <Text size="sm" c="dimmed">
            {text.emptyHint}
          </Text>
        </Stack>
      )}
      {messages.length > 0 && (
        <>
          {pages.hasNextPage && (
            <Center mb="xs">
              <Button
                size="compact-sm"
                variant="subtle"
                loading={pages.isFetchingNextPage}
                onClick={() => {
                  stickToBottom.current = false;
                  void pages.fetchNextPage();
                }}
              >
                {text.loadOlder}
              </Button>
            </Center>
          )}
          <div
            ref={list}
            className="message-log"
            role="log"
            aria-label={text.title}
            tabIndex={0}
            onScroll={(e) => {
              const node = e.currentTarget;
              stickToBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight < 40;
            }}
          >
            <ol className="message-list">
              {messages.map((m) => (
                <Fragment key={m.messageId}>
                  {m.messageId === firstNew && (
                    <li className="message-divider" aria-label={text.newDivider}>
                      <span>{text.newDivider}</span>
                    </li>
                  )}
                  <MessageItem message={m} mine={m.authorId === me} />
                </Fragment>
              ))}
            </ol>
          </div>
        </>
      )}
      {pages.isFetchNextPageError && (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {text.loadError}
        </Alert>
      )}

      <MessageComposer subject={subject} talkId={talkId} participants={participants.data ?? []} />
    </Paper>
  );
}

function MessageItem({ message, mine }: { message: TalkMessage; mine: boolean }) {
  const at = formatDateTime(new Date(message.createdAt), DEFAULT_TIME_ZONE);
  return (
    <li className={mine ? 'message-item message-mine' : 'message-item'}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={700} className="message-author">
          {mine ? text.you : message.authorName}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
          {at}
        </Text>
      </Group>
      <Text size="sm" className="message-text">
        {message.text}
      </Text>
      {message.visibleTo && <Restricted to={message.visibleTo} />}
      {message.email && <EmailNote email={message.email} />}
    </li>
  );
}

function Restricted({ to }: { to: MessageAccount[] }) {
  return (
    <Group gap={4} mt={4} wrap="nowrap">
      <Icon name="lock" size="1em" />
      <Text size="xs" c="dimmed">
        {text.visibleToSome(to.map((a) => a.name).join(', '))}
      </Text>
    </Group>
  );
}

/** How a message came in or went out by e-mail, with the sender checks (SPF/DKIM/DMARC) of mail received. */
function EmailNote({ email }: { email: NonNullable<TalkMessage['email']> }) {
  const words = emailText.conversation;
  const line =
    email.direction === 'in'
      ? words.received(email.address)
      : email.status === 'failed'
        ? words.failed(email.address)
        : email.status === 'pending'
          ? words.pending(email.address)
          : words.sent(email.address);
  const v = email.verdict;
  const trusted = v ? v.dmarc === 'pass' || (v.spf === 'pass' && v.dkim === 'pass') : false;
  return (
    <Stack gap={2} mt={4}>
      <Group gap={4} wrap="nowrap">
        <Icon name={email.status === 'failed' ? 'error' : 'mail'} size="1em" />
        <Text size="xs" c={email.status === 'failed' ? 'red.9' : 'dimmed'}>
          {line}
        </Text>
      </Group>
      {v && (
        <Group gap={4} wrap="wrap">
          <Badge size="xs" variant="filled" color={trusted ? 'teal.9' : 'gray.7'}>
            {trusted ? words.trusted : words.untrusted}
          </Badge>
          <Text size="xs" c="dimmed" title={words.verdict}>
            {words.verdictOf(v.spf, v.dkim, v.dmarc)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { EMAIL_CHANNEL_PAGE_SIZE, type EmailChannel } from '@talkbase/domain/contracts/email-channels';
import { useState } from 'react';
import { emailText } from '../../i18n/email.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { refusalNotice, useListRemoval } from '../settings-list/useListRemoval.ts';
import { ChannelEditorModal } from './ChannelEditorModal.tsx';
import { deleteEmailChannel, emailChannelKeys, fetchEmailChannels } from './email-channels-api.ts';
import './email-channels.css';

const text = emailText.list;
const PAGE_SIZES = [10, 25, 50, 100] as const;

/** /config/email (issue 37 item 1): the e-mail channels, each opened in its editor; new and delete. */
export function EmailChannelsPage() {
  const paging = useListPaging(EMAIL_CHANNEL_PAGE_SIZE);
  const channels = useListQuery(
    { page: paging.page, fetch: paging.pageSize },
    emailChannelKeys.list,
    fetchEmailChannels,
  );
  // null: closed; 'new': a new channel; else the channel edited.
  const [editing, setEditing] = useState<EmailChannel | 'new' | null>(null);
  const removal = useListRemoval<EmailChannel>({
    remove: (c) => deleteEmailChannel(c.channelId),
    removedTitle: (c) => text.removed(c.name),
    reload: [emailChannelKeys.all],
    paging,
    list: channels,
    failure: refusalNotice(text.removeError),
  });

  return (
    <SettingsList
      title={text.title}
      actions={
        <Button
          leftSection={<Icon name="add" />}
          onClick={() => {
            setEditing('new');
          }}
        >
          {text.newChannel}
        </Button>
      }
      toolbar={
        <Text size="sm" c="dimmed" maw={720}>
          {text.intro}
        </Text>
      }
      list={channels}
      texts={text}
      paging={paging}
      pageSizes={PAGE_SIZES}
      removal={removal}
      dialogs={
        editing !== null && (
          <ChannelEditorModal
            channel={editing === 'new' ? null : editing}
            onClose={() => {
              setEditing(null);
            }}
          />
        )
      }
    >
      {(rows) => (
        <ul className="email-list" aria-label={text.title}>
          {rows.map((c) => (
            <li key={c.channelId} className="email-row">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    aria-label={text.edit(c.name)}
                    onClick={() => {
                      setEditing(c);
                    }}
                  >
                    {c.name}
                  </Anchor>
                  <Badge size="sm" variant="filled" color={c.active ? 'teal.9' : 'gray.7'}>
                    {c.active ? text.active : text.inactive}
                  </Badge>
                </Group>
                <Text size="sm">{c.address}</Text>
                <Text size="xs" c="dimmed">
                  {text.feeds(c.subjectName || c.subject)}
                </Text>
              </Stack>
              <RowRemoveButton
                label={text.remove(c.name)}
                onClick={() => {
                  removal.ask(c);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </SettingsList>
  );
}

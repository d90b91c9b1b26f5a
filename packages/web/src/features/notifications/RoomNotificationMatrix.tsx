import { Checkbox } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { NotificationForMatrix } from '@talkbase/domain/contracts/notifications';
import type { RoomNotification, RoomNotificationOption } from '@talkbase/domain/contracts/rooms';
import { notificationsText } from '../../i18n/notifications.ts';
import { NotificationChannelMatrix, type MatrixRow } from './NotificationChannelMatrix.tsx';
import { fetchChannels, notificationKeys } from './notifications-api.ts';

type Option = RoomNotificationOption | NotificationForMatrix;
const requiredByNotification = (c: { channelId: number }) => 'isRequired' in c && c.isRequired === true;

/** The room's entry for one cell. */
function entry(rows: readonly RoomNotification[], channelId: number, notificationId: number) {
  return rows
    .find((r) => r.channel.channelId === channelId)
    ?.notifications.find((n) => n.notificationId === notificationId);
}

/** Writes one cell of the room's settings (`isEnable`, `isRequired`). */
export function setRoomCell(
  rows: readonly RoomNotification[],
  channelId: number,
  notificationId: number,
  cell: { isEnable: boolean; isRequired: boolean },
): RoomNotification[] {
  const current = rows.find((r) => r.channel.channelId === channelId);
  const others = (current?.notifications ?? []).filter((n) => n.notificationId !== notificationId);
  return [
    ...rows.filter((r) => r.channel.channelId !== channelId),
    { channel: { channelId }, notifications: [...others, { notificationId, ...cell }] },
  ];
}

/**
 * The room form's Notificações matrix (001 §2.7, §4): a channel the notification makes mandatory
 * is locked and ticked; a channel the company switched off cannot be toggled; an open cell can
 * also be made mandatory for the room's users.
 */
export function RoomNotificationMatrix(props: {
  options: readonly Option[];
  value: readonly RoomNotification[];
  onChange: (next: RoomNotification[]) => void;
  empty: string;
}) {
  const channels = useQuery({
    queryKey: notificationKeys.channels,
    queryFn: ({ signal }) => fetchChannels(signal),
  });
  const off = new Set((channels.data ?? []).filter((c) => !c.isEnable).map((c) => c.channelId));
  const names = Object.fromEntries(
    (channels.data ?? []).map((c) => [
      c.channelId,
      notificationsText.channelName(c.channelId, c.channelDescription),
    ]),
  );
  const rows: MatrixRow[] = props.options.map((o) => ({
    notificationId: o.notificationId,
    notificationName: o.notificationName,
    channels: o.notificationChannels.map((c) => {
      const saved = entry(props.value, c.channelId, o.notificationId);
      return {
        channelId: c.channelId,
        // No cell saved: the notification is on for the room (docs/decisions.md, room cells restrict).
        isEnable: saved?.isEnable ?? true,
        isRequired: requiredByNotification(c),
        isDisabled: off.has(c.channelId),
      };
    }),
  }));
  return (
    <NotificationChannelMatrix
      rows={rows}
      channelNames={names}
      empty={props.empty}
      onToggle={(notificationId, channelId) => {
        const isEnable = !(entry(props.value, channelId, notificationId)?.isEnable ?? true);
        props.onChange(setRoomCell(props.value, channelId, notificationId, { isEnable, isRequired: false }));
      }}
      extra={(row, cell) => {
        const saved = entry(props.value, cell.channelId, row.notificationId);
        if (cell.isRequired || cell.isDisabled || !cell.isEnable) return null;
        const isRequired = saved?.isRequired ?? false;
        return (
          <Checkbox
            size="xs"
            mt={4}
            className="matrix-cell"
            label={notificationsText.form.required}
            aria-label={`${row.notificationName}: ${names[cell.channelId] ?? notificationsText.channelName(cell.channelId)} — ${notificationsText.form.required}`}
            checked={isRequired}
            onChange={() =>
              props.onChange(
                setRoomCell(props.value, cell.channelId, row.notificationId, {
                  isEnable: true,
                  isRequired: !isRequired,
                }),
              )
            }
          />
        );
      }}
    />
  );
}

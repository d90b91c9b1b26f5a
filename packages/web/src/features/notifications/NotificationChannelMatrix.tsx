import { Checkbox, Table, Text, Tooltip } from '@mantine/core';
import type { AccountNotificationRow } from '@talkbase/domain/contracts/notifications';
import { notificationsText } from '../../i18n/notifications.ts';
// The centred cells (.matrix-cell): the matrix also shows on screens that load no other notification style.
import './notifications.css';

const text = notificationsText.matrix;

export type MatrixRow = AccountNotificationRow;
export type MatrixCell = MatrixRow['channels'][number];

/**
 * What a cell shows (001 §4): a mandatory channel is locked and ticked; a channel disabled for
 * the room cannot be toggled (and is off); otherwise the choice toggles.
 */
export function cellView(cell: MatrixCell): { checked: boolean; locked: boolean; reason: string | null } {
  if (cell.isRequired) return { checked: true, locked: true, reason: text.mandatory };
  if (cell.isDisabled) return { checked: false, locked: true, reason: text.disabled };
  return { checked: cell.isEnable, locked: false, reason: null };
}

/** Flips one cell unless it is locked. */
export function toggleCell(
  rows: readonly MatrixRow[],
  notificationId: number,
  channelId: number,
): MatrixRow[] {
  return rows.map((r) =>
    r.notificationId !== notificationId
      ? r
      : {
          ...r,
          channels: r.channels.map((c) =>
            c.channelId === channelId && !cellView(c).locked ? { ...c, isEnable: !c.isEnable } : c,
          ),
        },
  );
}

/**
 * The Notificações matrix (001 §2.5 own profile, §2.7 room): rows are notifications, columns
 * the enabled channels they use.
 */
export function NotificationChannelMatrix(props: {
  rows: readonly MatrixRow[];
  channelNames?: Readonly<Record<number, string>>;
  /** Called with a cell that is not locked. */
  onToggle: (notificationId: number, channelId: number) => void;
  /** A second control per open cell (the room's "required" flag). */
  extra?: (row: MatrixRow, cell: MatrixCell) => React.ReactNode;
  empty?: string;
}) {
  const channels = [...new Set(props.rows.flatMap((r) => r.channels.map((c) => c.channelId)))].sort(
    (a, b) => a - b,
  );
  if (props.rows.length === 0 || channels.length === 0)
    return <Text c="dimmed">{props.empty ?? text.empty}</Text>;
  const name = (id: number) => props.channelNames?.[id] ?? notificationsText.channelName(id);
  return (
    <Table aria-label={text.title} maw={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.notification}</Table.Th>
          {channels.map((c) => (
            <Table.Th key={c} ta="center">
              {name(c)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.notificationId}>
            <Table.Td>{row.notificationName}</Table.Td>
            {channels.map((channelId) => {
              const cell = row.channels.find((c) => c.channelId === channelId);
              if (!cell) return <Table.Td key={channelId} />;
              const view = cellView(cell);
              const box = (
                <Checkbox
                  className="matrix-cell"
                  aria-label={`${row.notificationName}: ${name(channelId)}${view.reason ? ` (${view.reason})` : ''}`}
                  checked={view.checked}
                  disabled={view.locked}
                  onChange={() => {
                    if (!view.locked) props.onToggle(row.notificationId, channelId);
                  }}
                />
              );
              return (
                <Table.Td key={channelId} ta="center">
                  {view.reason ? (
                    <Tooltip label={view.reason}>
                      <span style={{ display: 'inline-block' }}>{box}</span>
                    </Tooltip>
                  ) : (
                    box
                  )}
                  {props.extra?.(row, cell)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

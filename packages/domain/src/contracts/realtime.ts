/** Real-time events pushed over /websocket as `{ event, data }` (spec 002 §7). */
export const REALTIME_PATH = '/websocket';

export const realtimeEvents = {
  talkUpdates: 'SendTalkUpdates',
  talkTag: 'PublishTalkTag',
  notification: 'SendNotification',
  /** A message posted on a record (contracts/messages.ts `MessagePush`), to the accounts that may see it. */
  talkMessage: 'SendTalkMessage',
  /** The company menu or a room's grants changed: side menus load the menu again (no data). */
  menuChanged: 'MenuChanged',
  /**
   * A dashboard was created, changed or removed (`{ dashboardId }`): to its owner's sessions for a
   * personal one, to the company for a company one; each reloads its own list (contracts/dashboards.ts).
   */
  dashboardChanged: 'DashboardChanged',
} as const;
export type RealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];

export interface RealtimeMessage<T = unknown> {
  event: RealtimeEventName;
  data: T;
}

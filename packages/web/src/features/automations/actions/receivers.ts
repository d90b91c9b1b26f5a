/**
 * Kinds of receivers of a Notification step (`receiverType`): an account, or every account of a
 * room (access profile). The engine resolves them to accounts before calling the notification
 * service.
 */
export const RECEIVER_TYPES = ['account', 'room'] as const;
export type ReceiverType = (typeof RECEIVER_TYPES)[number];

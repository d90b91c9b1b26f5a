import {
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_NAME_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationMessages,
  type NotificationDetail,
  type NotificationInput,
} from '@talkbase/domain/contracts/notifications';

/** The notification form's state (001 §2.11, §3 Notification (managed)). */
export interface NotificationDraft {
  notificationName: string;
  notificationDescription: string;
  subjectId: number | null;
  titleTemplate: string;
  messageTemplate: string;
  attachReferences: boolean;
  notificationChannels: { channelId: number; isRequired: boolean }[];
}

export type DraftField =
  | 'notificationName'
  | 'notificationDescription'
  | 'titleTemplate'
  | 'messageTemplate'
  | 'notificationChannels';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const newNotificationDraft = (): NotificationDraft => ({
  notificationName: '',
  notificationDescription: '',
  subjectId: null,
  titleTemplate: '',
  messageTemplate: '',
  attachReferences: true,
  notificationChannels: [],
});

export function detailToDraft(n: NotificationDetail): NotificationDraft {
  return {
    notificationName: n.notificationName,
    notificationDescription: n.notificationDescription ?? '',
    subjectId: n.subjectId,
    titleTemplate: n.titleTemplate,
    messageTemplate: n.messageTemplate,
    attachReferences: n.attachReferences,
    notificationChannels: n.notificationChannels.map((c) => ({
      channelId: c.channelId,
      isRequired: c.isRequired,
    })),
  };
}

export function draftToInput(d: NotificationDraft): NotificationInput {
  return {
    notificationName: d.notificationName.trim(),
    notificationDescription: d.notificationDescription.trim() || null,
    subjectId: d.subjectId,
    titleTemplate: d.titleTemplate.trim(),
    messageTemplate: d.messageTemplate.trim(),
    attachReferences: d.attachReferences,
    notificationChannels: d.notificationChannels,
  };
}

/** The form's own checks (the server makes the same ones): required texts, limits, a channel. */
export function draftErrors(d: NotificationDraft): DraftErrors {
  const errors: DraftErrors = {};
  const need = (field: DraftField, value: string, max: number, tooLong: string) => {
    if (!value.trim()) errors[field] = notificationMessages.required;
    else if (value.length > max) errors[field] = tooLong;
  };
  need('notificationName', d.notificationName, NOTIFICATION_NAME_MAX, notificationMessages.nameTooLong);
  need('titleTemplate', d.titleTemplate, NOTIFICATION_TITLE_MAX, notificationMessages.titleTooLong);
  need('messageTemplate', d.messageTemplate, NOTIFICATION_MESSAGE_MAX, notificationMessages.messageTooLong);
  if (d.notificationDescription.length > NOTIFICATION_DESCRIPTION_MAX)
    errors.notificationDescription = notificationMessages.descriptionTooLong;
  if (d.notificationChannels.length === 0) errors.notificationChannels = notificationMessages.channelRequired;
  return errors;
}

/** Ticks or unticks a channel; unticking also drops its required flag (001 §4). */
export function toggleChannel(d: NotificationDraft, channelId: number): NotificationDraft {
  const has = d.notificationChannels.some((c) => c.channelId === channelId);
  return {
    ...d,
    notificationChannels: has
      ? d.notificationChannels.filter((c) => c.channelId !== channelId)
      : [...d.notificationChannels, { channelId, isRequired: false }],
  };
}

/** Required can be set only while the channel is ticked (001 §4). */
export function toggleRequired(d: NotificationDraft, channelId: number): NotificationDraft {
  return {
    ...d,
    notificationChannels: d.notificationChannels.map((c) =>
      c.channelId === channelId ? { ...c, isRequired: !c.isRequired } : c,
    ),
  };
}

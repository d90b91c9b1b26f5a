import { ACTION_KINDS, BY_FILTER_KINDS, type ActionKind } from '@talkbase/domain/contracts/jobs';
import type { ComponentType } from 'react';
import { DialogActionEditor } from './DialogActionEditor.tsx';
import { EmailActionEditor } from './EmailActionEditor.tsx';
import { HttpRequestEditor } from './HttpRequestEditor.tsx';
import { IntegrationEditor } from './IntegrationEditor.tsx';
import { NotificationActionEditor } from './NotificationActionEditor.tsx';
import { ParentAutomationEditor } from './ParentAutomationEditor.tsx';
import { SetValueEditor } from './SetValueEditor.tsx';
import { TagActionEditor } from './TagActionEditor.tsx';
import type { ActionEditorProps, ActionEntry } from './types.ts';

/**
 * One configuration screen per action kind (issue 16): the editor renders
 * `actionEditors[step.workStepType].Editor`. A new kind plugs in here (and in the server's
 * registry); the picker offers the kinds of ACTION_KINDS_IN_PICKER.
 */
const editors: Record<ActionKind, ComponentType<ActionEditorProps>> = {
  NewTalk: SetValueEditor,
  SetTalkValueByEvent: SetValueEditor,
  SetTalkValueByFilter: SetValueEditor,
  SetTalkTag: TagActionEditor,
  RemoveTalkTag: TagActionEditor,
  SendEmail: EmailActionEditor,
  Notification: NotificationActionEditor,
  ExecuteParentJob: ParentAutomationEditor,
  HttpRequest: HttpRequestEditor,
  SetTalkDialog: DialogActionEditor,
  SetTalkDialogByFilter: DialogActionEditor,
  SitaIntegration: IntegrationEditor,
  ComprovanteCarregamento: IntegrationEditor,
  ExtratoDesova: IntegrationEditor,
  ExtratoAvaria: IntegrationEditor,
  ComprovanteAverbacao: IntegrationEditor,
};

export const actionEditors = Object.fromEntries(
  ACTION_KINDS.map((kind) => [
    kind,
    { kind, Editor: editors[kind], byFilter: (BY_FILTER_KINDS as readonly string[]).includes(kind) },
  ]),
) as Record<ActionKind, ActionEntry>;

import type { Generated } from 'kysely';

/** A record's conversation and task timers. */
export interface ConversationTables {
  talk_conversations: TalkConversationsTable;
  talk_messages: TalkMessagesTable;
  talk_message_recipients: TalkMessageRecipientsTable;
  talk_message_reads: TalkMessageReadsTable;
  task_events: TaskEventsTable;
  task_runs: TaskRunsTable;
}

/** A record's conversation (0011); its id is the notification variable `IdentificadorConversa`. */
export interface TalkConversationsTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  created_at: number;
}

export interface TalkMessagesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  conversation_id: number;
  author_account_id: number | null;
  author_label: string | null;
  text: string;
  /** 1 when only `talk_message_recipients` (and the author) see it. */
  restricted: number;
  created_at: number;
}

export interface TalkMessageRecipientsTable {
  message_id: number;
  account_id: number;
}

export interface TalkMessageReadsTable {
  company_id: number;
  account_id: number;
  subject_id: number;
  talk_id: number;
  last_read_message_id: number;
  read_at: number;
}

/** Events written in the transaction of the change that causes them (GUIDE §8; 0011). */
/** A start, pause or finish of a task (0012). */
export interface TaskEventsTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  account_id: number | null;
  action: string;
  at: number;
}

/** A task's timer: its state, who runs it and since when, and the time worked in closed runs (0012). */
export interface TaskRunsTable {
  subject_id: number;
  talk_id: number;
  company_id: number;
  state: string;
  running_by: number | null;
  running_since: number | null;
  accumulated_ms: Generated<number>;
  updated_at: number;
}

import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { TalkTag, TalkTagPush } from '@talkbase/domain/contracts/tags';
import type { TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import { createElement, type ComponentType } from 'react';
import type { FormRulesHook } from './form/form-rule-types.ts';

/**
 * What other features put into the records screens (issue 40). Tags, tasks, tickets and
 * talk-transfer build on records, so records imports none of them: each fills its slot here
 * (app/record-slots.ts, before a screen showing records loads; test/setup.ts for a component test)
 * and records uses the stand-ins below. An empty slot shows nothing and does nothing.
 */

export interface TagChipsProps {
  tags: readonly TalkTag[];
  label: string;
  nowrap?: boolean;
}

export interface GridTagPickerProps {
  value: number[];
  onChange: (tagIds: number[]) => void;
}

/** The tags of the grid's rows and of the open record (features/tags). */
export interface TagSlot {
  TagChips: ComponentType<TagChipsProps>;
  talkTagsOf: (tags: readonly unknown[] | undefined) => TalkTag[];
  GridTagPicker: ComponentType<GridTagPickerProps>;
  useRecordTagsLive: (subject: string, onPush?: (push: TalkTagPush) => void) => void;
}

/** The grid's view, as its toolbar's export takes it: filter, search, tags, order and template. */
export type GridView = Pick<
  TalkFilterRequest,
  'isActive' | 'filterIds' | 'filterJson' | 'tagIds' | 'term' | 'order'
> & {
  templateId?: number | undefined;
  /** The system columns the grid shows (created_at, created_by…). */
  systemColumns?: string[];
};

export interface TransferActionsProps {
  subject: string;
  view: GridView;
  canCreate: boolean;
}

/** The grid toolbar's 'Exportar' and 'Importar' (features/record-transfer). */
export interface TransferSlot {
  TransferActions: ComponentType<TransferActionsProps>;
}

/** The task area (features/tasks), loaded when shown: the active-task scenario and a task's bar. */
export interface TaskSlot {
  loadActiveTaskView: () => Promise<ComponentType<{ context: ContextResponse }>>;
  loadTaskRecordBar: () => Promise<ComponentType<{ context: ContextResponse; talkId: number }>>;
}

function Nothing(): null {
  return null;
}

let tags: TagSlot = {
  TagChips: Nothing,
  talkTagsOf: () => [],
  GridTagPicker: Nothing,
  useRecordTagsLive: () => undefined,
};
let transfer: TransferSlot = { TransferActions: Nothing };
/** A ticket's SLA countdown in its grid row, and whether the grid has that column (features/sla). */
export interface SlaSlot {
  GridSla: ComponentType<{ subject: string; talkId: number }>;
  useSlaColumn: (subject: string) => boolean;
}
let sla: SlaSlot = { GridSla: Nothing, useSlaColumn: () => false };
let tasks: TaskSlot = {
  loadActiveTaskView: () => Promise.resolve(Nothing),
  loadTaskRecordBar: () => Promise.resolve(Nothing),
};
const formRuleLoaders = new Map<string, () => Promise<FormRulesHook>>();
const formRules = new Map<string, FormRulesHook>();
let formRulesLoading: Promise<void> | undefined;

export function registerTagSlot(slot: TagSlot): void {
  tags = slot;
}

export function registerTransferSlot(slot: TransferSlot): void {
  transfer = slot;
}

export function registerSlaSlot(slot: SlaSlot): void {
  sla = slot;
}

export function registerTaskSlot(slot: TaskSlot): void {
  tasks = slot;
}

/**
 * A subject's own form rules (the tickets' of 000 §5 for `chamado`), by subject identifier. They
 * load with the record form (loadFormRules), not with the grid.
 */
export function registerFormRules(subject: string, load: () => Promise<FormRulesHook>): void {
  formRuleLoaders.set(subject.toLowerCase(), load);
  formRulesLoading = undefined;
}

/**
 * Loads every registered subject's form rules, once; what imports the record form lazily waits for
 * it beside the form's own chunk, so that the form finds its rules as it first renders.
 */
export function loadFormRules(): Promise<void> {
  formRulesLoading ??= Promise.all(
    [...formRuleLoaders].map(([subject, load]) =>
      load().then((rules) => {
        formRules.set(subject, rules);
      }),
    ),
  ).then(
    () => undefined,
    (err: unknown) => {
      formRulesLoading = undefined;
      throw err;
    },
  );
  return formRulesLoading;
}

// The stand-ins records uses, reading the slot when called.

/** A record's tags in a row; nothing when it has none. */
export function TagChips(props: TagChipsProps) {
  return createElement(tags.TagChips, props);
}

/** A talk's `tags` (typed loosely in the talk contract) as tags with a name and a colour. */
export function talkTagsOf(raw: readonly unknown[] | undefined): TalkTag[] {
  return tags.talkTagsOf(raw);
}

/** The grid toolbar's tag filter. */
export function GridTagPicker(props: GridTagPickerProps) {
  return createElement(tags.GridTagPicker, props);
}

/** Keeps the tags of a subject's records current as the server pushes them. */
export function useRecordTagsLive(subject: string, onPush?: (push: TalkTagPush) => void): void {
  tags.useRecordTagsLive(subject, onPush);
}

/** A row's SLA countdown; nothing for subjects without service levels. */
export function GridSla(props: { subject: string; talkId: number }) {
  return createElement(sla.GridSla, props);
}

/** Whether the subject's grid shows the SLA column (the tickets', with an active policy). */
export function useSlaColumn(subject: string): boolean {
  return sla.useSlaColumn(subject);
}

/** The grid toolbar's 'Exportar' menu and 'Importar' button. */
export function TransferActions(props: TransferActionsProps) {
  return createElement(transfer.TransferActions, props);
}

export function loadActiveTaskView(): ReturnType<TaskSlot['loadActiveTaskView']> {
  return tasks.loadActiveTaskView();
}

export function loadTaskRecordBar(): ReturnType<TaskSlot['loadTaskRecordBar']> {
  return tasks.loadTaskRecordBar();
}

/** A subject's own form rules, if it registered any (loaded: see loadFormRules). */
export function registeredFormRules(subject: string): FormRulesHook | undefined {
  return formRules.get(subject.toLowerCase());
}

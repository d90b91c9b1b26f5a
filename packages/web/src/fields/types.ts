import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ComponentType } from 'react';

/**
 * The contract between a records screen (form, grid cell, talk view) and a field editor. One
 * editor per component type (spec 002 §3); the screen owns the value, the editor only shows and
 * edits it.
 *
 * Values are canonical (docs/api.md "Talks"): text as strings, whole numbers and decimals as
 * numbers, yes/no as booleans, dates 'YYYY-MM-DD', date-times ISO instants, references as the
 * related record's id (lists of ids when multi-valued), JSON structures as themselves, files as
 * the file items of @talkbase/domain/fields/file. `null` is "empty".
 */
export interface FieldEditorProps {
  /** The attribute as the context describes it (name, componentId, configs, related subject…). */
  attribute: ContextSubjectAttribute;
  /** The label to show: the template's alias, else the attribute's name. */
  label: string;
  /** The DOM id of the editor's main input (the screen links labels and errors to it). */
  id: string;
  value: unknown;
  /**
   * Called with a new canonical value. Editors with a debounce (text 300 ms, time 500 ms) call it
   * when the debounce ends or the field loses focus, never later than blur.
   */
  onChange: (value: unknown) => void;
  onBlur?: (() => void) | undefined;
  /**
   * An editor whose text cannot become a value yet (a half-typed date, an invalid mask) reports
   * the message here, and `undefined` once its text is a value again. The screen counts the field
   * as invalid meanwhile (OK stays disabled).
   */
  onInputError?: ((message: string | undefined) => void) | undefined;
  readOnly: boolean;
  required: boolean;
  /** The message to show under the field (rule or server error), in pt-BR. */
  error?: string | undefined;
  /** For references: the related record's display name, as the talk carries it. */
  displayValue?: string | null | undefined;
  /** The subject's identifier and the record's id (0 for a new one): files, uniqueness, options. */
  subject: string;
  talkId: number;
  /** 'cell' renders without label and description, to fit a grid cell. */
  variant?: 'form' | 'cell';
  /** Another field's value in the same record, by attribute identifier (model → filter pickers). */
  valueOf?: ((identifier: string) => unknown) | undefined;
  /**
   * Selects: only these option ids are offered (a subject rule's choice, such as the statuses a
   * customer may give a ticket); every option when absent.
   */
  allowedOptions?: ReadonlySet<number> | undefined;
}

export type FieldEditor = ComponentType<FieldEditorProps>;

/** A set of editors by component id; the registry merges the sets. */
export type EditorSet = Readonly<Partial<Record<number, FieldEditor>>>;

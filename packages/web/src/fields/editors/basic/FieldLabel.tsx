import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldEditorProps } from '../../types.ts';

/** Spec 002 §9: tooltips open after 500 ms. */
export const TOOLTIP_DELAY_MS = 500;

/**
 * The label; when the attribute has a tooltip it shows on hovering the label (dotted underline).
 * The label's text stays the field's accessible name, and the tooltip reaches screen readers
 * through the input's aria-description.
 */
export function FieldLabel({ label, tooltip }: { label: string; tooltip: string | null | undefined }) {
  if (!tooltip) return label;
  return (
    <Tooltip label={tooltip} openDelay={TOOLTIP_DELAY_MS} multiline maw={320} withArrow>
      <span style={{ textDecoration: 'underline dotted', cursor: 'help' }}>{label}</span>
    </Tooltip>
  );
}

export interface InputChrome {
  id: string;
  label: ReactNode;
  'aria-label': string | undefined;
  'aria-description': string | undefined;
  description: string | undefined;
  required: boolean;
  readOnly: boolean;
  error: ReactNode;
  size: 'xs' | 'sm';
}

/**
 * What every editor's input shares: the label (or, in a grid cell, an aria-label and nothing
 * else), the attribute's description and tooltip, the required marker, read-only and the error.
 */
export function inputChrome(props: FieldEditorProps, error: string | undefined = props.error): InputChrome {
  const cell = props.variant === 'cell';
  return {
    id: props.id,
    label: cell ? undefined : <FieldLabel label={props.label} tooltip={props.attribute.tooltip} />,
    'aria-label': cell ? props.label : undefined,
    'aria-description': props.attribute.tooltip ?? undefined,
    description: cell ? undefined : (props.attribute.description ?? undefined),
    required: props.required,
    readOnly: props.readOnly,
    error,
    size: cell ? 'xs' : 'sm',
  };
}

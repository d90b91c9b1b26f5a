import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState, type ChangeEvent } from 'react';
import type { FieldEditorProps } from '../../types.ts';
import { sameValue } from './same-value.ts';

/** How a text editor turns typed text into its canonical value and back. */
export interface TextCodec {
  /** The text shown for a value ('' for null). */
  show(value: unknown): string;
  /** What the input keeps of what was typed (the mask). */
  mask(typed: string): string;
  /**
   * The value of non-blank masked text, or why it is not one yet. `complete` says the text is as
   * long as it gets, so the message shows at once instead of on leaving the field.
   */
  read(text: string): { value: unknown } | { error: string; complete: boolean };
}

interface Problem {
  error: string;
  visible: boolean;
}

export interface MaskedText {
  text: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  /** Runs typed text through the mask and the reader, as if the user had typed it. */
  type: (typed: string) => void;
  /** The message to show: the screen's error first, else the editor's own once it is due. */
  error: string | undefined;
}

/**
 * The shared engine of the text-like editors: the input keeps its own text (masked as typed),
 * emits the canonical value (after `debounceMs`, or at once; always by blur), reports text that
 * cannot be a value yet through onInputError, and follows value changes made by the screen.
 * `extraError` is a further input error the editor found (a natural key in use).
 */
export function useMaskedText(
  props: FieldEditorProps,
  codec: TextCodec,
  options: { debounceMs?: number; extraError?: string | undefined } = {},
): MaskedText {
  const { value, onChange, onBlur, onInputError } = props;
  const [text, setText] = useState(() => codec.show(value));
  // The value this text stands for: what the screen gave or what we emitted last.
  const [seen, setSeen] = useState<unknown>(value);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);

  if (!sameValue(seen, value)) {
    // The screen changed the value (a reload, a default, another editor): show it.
    setSeen(value);
    setText(codec.show(value));
    setProblem(undefined);
  }

  const emitNow = (next: unknown) => {
    if (sameValue(next, seen)) return;
    setSeen(next);
    onChange(next);
  };
  const debouncedEmit = useDebouncedCallback(emitNow, {
    delay: options.debounceMs ?? 0,
    flushOnUnmount: true,
  });
  const emit = options.debounceMs ? debouncedEmit : emitNow;

  const type = (typed: string) => {
    const masked = codec.mask(typed);
    setText(masked);
    if (masked.trim() === '') {
      setProblem(undefined);
      emit(null);
      return;
    }
    const read = codec.read(masked);
    if ('value' in read) {
      setProblem(undefined);
      emit(read.value);
    } else {
      debouncedEmit.cancel();
      // Once shown, a message stays shown while the text is still not a value.
      setProblem((before) => ({ error: read.error, visible: read.complete || before?.visible === true }));
    }
  };

  const inputError = problem?.error ?? options.extraError;
  const report = useEffectEvent((message: string | undefined) => onInputError?.(message));
  useEffect(() => report(inputError), [inputError]);

  return {
    text,
    type,
    onChange: (event) => type(event.currentTarget.value),
    onBlur: () => {
      debouncedEmit.flush();
      setProblem((before) => (before ? { ...before, visible: true } : before));
      onBlur?.();
    },
    error: props.error ?? (problem?.visible ? problem.error : undefined) ?? options.extraError,
  };
}

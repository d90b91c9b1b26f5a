import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState, type RefObject } from 'react';
import type { ListPaging } from './useListPaging.ts';

export interface ListSearch {
  /** What the box holds, as typed. */
  value: string;
  /** The term the list is asked for. */
  term: string;
  /** A box hidden behind a toggle (`toggled`) starts closed; otherwise it is always shown. */
  open: boolean;
  toggled: boolean;
  applyOn: 'typing' | 'enter';
  inputRef: RefObject<HTMLInputElement | null>;
  change: (value: string) => void;
  /** Runs the typed term (`applyOn: 'enter'`). */
  submit: () => void;
  /** Empties the box and the term, back to the first page, focus in the box when it has one. */
  clear: () => void;
  /** Opens or closes a toggled box; closing it drops the search in effect. */
  toggle: () => void;
}

/**
 * The search of a settings list. By default the term follows the typing once it pauses (one
 * request, not one per key) and each change goes back to the first page; with `applyOn: 'enter'`
 * (the template lists, 001 §2.8) the term is taken when Enter is pressed.
 */
export function useListSearch(
  paging: Pick<ListPaging, 'setPage'>,
  options: { toggled?: boolean; applyOn?: 'typing' | 'enter' } = {},
): ListSearch {
  const toggled = options.toggled ?? false;
  const applyOn = options.applyOn ?? 'typing';
  const { setPage } = paging;
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 300);
  const [entered, setEntered] = useState('');
  const [opened, setOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const term = applyOn === 'enter' ? entered : debounced;

  const clear = () => {
    setValue('');
    setEntered('');
    setPage(1);
    inputRef.current?.focus();
  };
  return {
    value,
    term,
    open: !toggled || opened,
    toggled,
    applyOn,
    inputRef,
    change: (next) => {
      setValue(next);
      if (applyOn === 'typing') setPage(1);
    },
    submit: () => {
      setEntered(value.trim());
      setPage(1);
    },
    clear,
    toggle: () => {
      // Typed text is the search in effect when it applies on typing; the entered term otherwise.
      if (opened && (applyOn === 'typing' ? value : entered)) clear();
      setOpened(!opened);
    },
  };
}

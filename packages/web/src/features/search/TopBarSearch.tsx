import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchText as text } from '../../i18n/search.ts';
import { Icon } from '../../ui/Icon.tsx';
import { searchPath } from './search-api.ts';
import './search.css';

/** Alt+K, beside the spec's Alt+G/H/J (000 §1): puts the cursor in the top bar's search. */
export const SEARCH_SHORTCUT = { code: 'KeyK', keys: 'Alt+K' } as const;

/** The top bar's search box: Enter opens the results screen for the term. */
export function TopBarSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== SEARCH_SHORTCUT.code) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const tooltip = text.box.tooltip(SEARCH_SHORTCUT.keys);
  return (
    <form
      role="search"
      className="top-bar-search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = term.trim();
        if (!q) return;
        void navigate(searchPath({ q }));
        setTerm('');
        input.current?.blur();
      }}
    >
      <TextInput
        ref={input}
        size="xs"
        type="search"
        aria-label={text.box.label}
        placeholder={text.box.placeholder}
        title={tooltip}
        aria-keyshortcuts={SEARCH_SHORTCUT.keys}
        maxLength={200}
        value={term}
        leftSection={<Icon name="search" size="1.1em" />}
        onChange={(e) => {
          setTerm(e.currentTarget.value);
        }}
        w={220}
      />
    </form>
  );
}

import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { Icon } from '../../ui/Icon.tsx';
import type { ListSearch } from './useListSearch.ts';

/**
 * A settings list's search box, with a button that empties it. A box behind a toggle takes the
 * focus when it opens and Escape empties it; with `applyOn: 'enter'` Enter runs the search.
 */
export function ListSearchBox({
  search,
  texts,
  ...input
}: {
  search: ListSearch;
  /** The box's label and its clear button's name. */
  texts: { search: string; clearSearch: string };
} & Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'onKeyDown' | 'leftSection' | 'rightSection'>) {
  if (!search.open) return null;
  const toggledProps = search.toggled ? { ref: search.inputRef, autoFocus: true } : {};
  return (
    <TextInput
      {...input}
      {...toggledProps}
      label={texts.search}
      value={search.value}
      leftSection={<Icon name="search" />}
      rightSection={
        search.value ? <CloseButton aria-label={texts.clearSearch} onClick={search.clear} /> : null
      }
      onChange={(e) => search.change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && search.applyOn === 'enter') {
          e.preventDefault();
          search.submit();
        } else if (e.key === 'Escape' && search.toggled && search.value) {
          e.preventDefault();
          search.clear();
        }
      }}
    />
  );
}

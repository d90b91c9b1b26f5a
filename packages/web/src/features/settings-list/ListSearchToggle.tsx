import { ActionIcon, Tooltip } from '@mantine/core';
import { Icon } from '../../ui/Icon.tsx';
import type { ListSearch } from './useListSearch.ts';

/** The button beside a list's title that shows or hides its search box (`controls`: the box's id). */
export function ListSearchToggle(props: {
  search: ListSearch;
  controls: string;
  texts: { openSearch: string; closeSearch: string };
}) {
  const { search, texts } = props;
  const label = search.open ? texts.closeSearch : texts.openSearch;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={search.open ? 'light' : 'subtle'}
        size="lg"
        aria-label={label}
        aria-expanded={search.open}
        aria-controls={props.controls}
        onClick={search.toggle}
      >
        <Icon name={search.open ? 'search_off' : 'search'} />
      </ActionIcon>
    </Tooltip>
  );
}

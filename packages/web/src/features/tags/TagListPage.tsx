import { Anchor, ColorSwatch, Group } from '@mantine/core';
import {
  TAG_DEFAULT_PAGE_SIZE,
  TAG_PAGE_SIZES,
  TAG_SEARCH_MAX,
  type TagListItem,
} from '@talkbase/domain/contracts/tags';
import { Link } from 'react-router';
import { tagsText } from '../../i18n/tags.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { ListSearchToggle } from '../settings-list/ListSearchToggle.tsx';
import { NewItemButton, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { refusalNotice, useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { useRefreshParam } from '../settings-list/useRefreshParam.ts';
import { deleteTag, fetchTags, tagKeys } from './tags-api.ts';
import './tags.css';

const text = tagsText.list;
export const EDITOR_PATH = '/tags/editor';

/** 'Tags' (000 §2 "Tags list"): paged names with their colour, a toggleable search, delete. */
export function TagListPage() {
  const paging = useListPaging(TAG_DEFAULT_PAGE_SIZE);
  const search = useListSearch(paging, { toggled: true });
  const tags = useListQuery(
    { page: paging.page, fetch: paging.pageSize, term: search.term },
    tagKeys.list,
    fetchTags,
  );
  // 000 §2: a link may ask for fresh data; the editor itself tells the list's cache to reload.
  useRefreshParam(tagKeys.all);
  const removal = useListRemoval<TagListItem>({
    remove: (tag) => deleteTag(tag.tagId),
    removedTitle: (tag) => text.removed(tag.tagName),
    reload: [tagKeys.all],
    paging,
    list: tags,
    failure: refusalNotice(text.removeError),
  });

  return (
    <SettingsList
      title={text.title}
      titleAside={<ListSearchToggle search={search} controls="tags-search" texts={text} />}
      actions={<NewItemButton to={EDITOR_PATH}>{text.newTag}</NewItemButton>}
      toolbar={
        <ListSearchBox
          search={search}
          id="tags-search"
          texts={text}
          maxLength={TAG_SEARCH_MAX}
          data-autofocus
          maw={360}
        />
      }
      list={tags}
      texts={text}
      paging={paging}
      pageSizes={TAG_PAGE_SIZES}
      removal={removal}
    >
      {(rows) => (
        <ul className="tags-list" aria-label={text.title}>
          {rows.map((tag) => (
            <li key={tag.tagId} className="tags-row">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ColorSwatch color={tag.tagColor} size={16} aria-hidden />
                <Anchor component={Link} to={`${EDITOR_PATH}/${tag.tagId}`} truncate>
                  {tag.tagName}
                </Anchor>
              </Group>
              <RowRemoveButton label={text.remove(tag.tagName)} onClick={() => removal.ask(tag)} />
            </li>
          ))}
        </ul>
      )}
    </SettingsList>
  );
}

import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tagsText } from '../../i18n/tags.ts';
import { fetchTagOptions } from './tags-api.ts';

const text = tagsText.records;
/** The largest page of the tags list (000 §9): the picker offers them all in one call. */
const ALL_TAGS = 500;

/**
 * The grid toolbar's tag filter: records carrying any of the chosen tags (`tagIds` of the filter
 * call), offered to every account: the options call answers names and colours only.
 */
export function GridTagPicker(props: { value: number[]; onChange: (tagIds: number[]) => void }) {
  const tags = useQuery({
    queryKey: ['tags', 'picker'],
    queryFn: ({ signal }) => fetchTagOptions({ page: 1, fetch: ALL_TAGS }, signal),
    staleTime: 60_000,
  });
  const options = (tags.data?.itens ?? []).map((t) => ({ value: String(t.tagId), label: t.tagName }));
  return (
    <MultiSelect
      label={text.picker}
      placeholder={props.value.length === 0 ? text.pickerPlaceholder : undefined}
      data={options}
      value={props.value.map(String).filter((id) => options.some((o) => o.value === id))}
      onChange={(ids) => props.onChange(ids.map(Number))}
      nothingFoundMessage={text.noTags}
      clearable
      searchable
      w={220}
    />
  );
}

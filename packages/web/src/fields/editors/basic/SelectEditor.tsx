import { Combobox, Group, InputBase, Pill, PillsInput, Tooltip, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMessage, message } from '@talkbase/domain/fields/messages';
import { emptyOptionsMessage } from '@talkbase/domain/fields/select';
import { useState, type UIEvent } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome, TOOLTIP_DELAY_MS } from './FieldLabel.tsx';
import { optionParams, useRelatedOptions, type RelatedOption } from './useRelatedOptions.ts';
import { fieldsText } from '../../../i18n/fields.ts';

/** Spec 002 §9: the option search waits 500 ms after the last keystroke. */
export const OPTION_SEARCH_DEBOUNCE_MS = 500;

/**
 * Spec 002 §9: "Special attribute option ids 51, 52 and 53 announce their name as an
 * identifier". These are the ids of attributes whose options are subjects (a record type chosen in
 * a select): choosing an option there also tells the screen the chosen option's name as a subject
 * identifier, so that fields depending on it (the filter picker of §4 "Model picker and filter
 * picker") load for that subject. The screen listens through `onAnnounceIdentifier`.
 */
export const IDENTIFIER_ANNOUNCING_ATTRIBUTES: ReadonlySet<number> = new Set([51, 52, 53]);

export interface SelectEditorProps extends FieldEditorProps {
  /**
   * For the attributes of IDENTIFIER_ANNOUNCING_ATTRIBUTES: called with the chosen option's name
   * as an identifier, and with null when the selection is cleared.
   */
  onAnnounceIdentifier?: ((identifier: string | null) => void) | undefined;
}

function idOf(item: unknown): number | undefined {
  const raw = item !== null && typeof item === 'object' && 'id' in item ? item.id : item;
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function idsOf(value: unknown): number[] {
  const items: unknown[] = Array.isArray(value) ? value : value == null ? [] : [value];
  return items.map(idOf).filter((id): id is number => id !== undefined);
}

/** Options grouped by parent when the answer says which (the tree, 14); else one group. */
function groupsOf(options: readonly RelatedOption[]): [string | null, RelatedOption[]][] {
  if (!options.some((o) => o.parentName)) return [[null, [...options]]];
  const groups = new Map<string, RelatedOption[]>();
  for (const option of options) {
    const parent = option.parentName ?? fieldsText.selectOtherGroup;
    groups.set(parent, [...(groups.get(parent) ?? []), option]);
  }
  return [...groups];
}

function OptionItem({ option, selected }: { option: RelatedOption; selected: boolean }) {
  const item = (
    <Combobox.Option value={String(option.id)} disabled={option.disabled === true} active={selected}>
      <Group gap={6} wrap="nowrap">
        {selected && <Icon name="check" size="1em" />}
        <span>{option.name}</span>
      </Group>
    </Combobox.Option>
  );
  if (option.disabled !== true) return item;
  return (
    <Tooltip
      label={option.tooltip || message('selectDisabledItem')}
      openDelay={TOOLTIP_DELAY_MS}
      position="left"
    >
      {item}
    </Tooltip>
  );
}

/**
 * Single select (4), related-subject tree (14) and select-model (20): a searchable list of the
 * related subject's records from GET /api/SubjectAttribute/related/{attrId}, 50 at a time as the
 * list scrolls, searched 500 ms after typing stops (every word must match; at most 100 results).
 * Shows `displayValue` for the chosen record before the options load. Emits the chosen id, a list
 * of ids for a multi-valued attribute, null when nothing is chosen. The required message ('É
 * obrigatório selecionar um item da lista.') is validateValue's, shown through `error`.
 */
export function SelectEditor(props: SelectEditorProps) {
  const { attribute, value, readOnly, onChange, onBlur, displayValue, valueOf, onAnnounceIdentifier } = props;
  const { allowedOptions } = props;
  const multiple = attribute.isMultipleValues;
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const [searched, setSearched] = useState(false);
  const [term] = useDebouncedValue(search.trim(), OPTION_SEARCH_DEBOUNCE_MS);
  const [names, setNames] = useState<Readonly<Record<number, string>>>({});
  const params = optionParams(attribute.componentConfigs, valueOf);
  const related = useRelatedOptions({
    attributeId: attribute.subjectAttributeId,
    term,
    params,
    enabled: combobox.dropdownOpened,
  });
  const { query, answerError } = related;
  const options = allowedOptions ? related.options.filter((o) => allowedOptions.has(o.id)) : related.options;

  const ids = idsOf(value);
  const nameOf = (id: number): string =>
    names[id] ??
    options.find((o) => o.id === id)?.name ??
    (!multiple && displayValue ? displayValue : `#${id}`);

  const announce = (identifier: string | null) => {
    if (IDENTIFIER_ANNOUNCING_ATTRIBUTES.has(attribute.subjectAttributeId))
      onAnnounceIdentifier?.(identifier);
  };

  const choose = (key: string) => {
    const option = options.find((o) => String(o.id) === key);
    if (!option || option.disabled === true || readOnly) return;
    setNames((before) => ({ ...before, [option.id]: option.name }));
    if (multiple) {
      const next = ids.includes(option.id) ? ids.filter((id) => id !== option.id) : [...ids, option.id];
      onChange(next.length > 0 ? next : null);
      setSearch('');
    } else {
      onChange(option.id);
      announce(option.name);
      combobox.closeDropdown();
    }
  };

  const remove = (id: number) => {
    const next = ids.filter((other) => other !== id);
    onChange(next.length > 0 ? next : null);
  };

  const clear = () => {
    onChange(null);
    announce(null);
  };

  const open = () => {
    if (!readOnly) combobox.openDropdown();
  };

  const onSearch = (text: string) => {
    setSearch(text);
    setSearched(true);
    open();
    combobox.updateSelectedOptionIndex();
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const nearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 48;
    if (nearEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  const status = query.isPending
    ? fieldsText.selectLoading
    : query.isError
      ? query.error.message
      : (answerError ?? (options.length === 0 ? emptyOptionsMessage(term, searched) : undefined));

  const chrome = inputChrome(props);
  const blur = () => {
    combobox.closeDropdown();
    onBlur?.();
  };
  const clearButton =
    !readOnly && ids.length > 0 ? (
      // Mantine hides it from assistive technology; here it is how the keyboard clears a choice.
      <Combobox.ClearButton
        aria-label={fieldsText.selectClear}
        aria-hidden={false}
        tabIndex={0}
        onClear={clear}
      />
    ) : (
      <Combobox.Chevron />
    );

  const target = multiple ? (
    <PillsInput
      {...chrome}
      onClick={open}
      rightSection={clearButton}
      rightSectionPointerEvents={ids.length > 0 && !readOnly ? 'all' : 'none'}
    >
      <Pill.Group>
        {ids.map((id) => (
          <Pill
            key={id}
            withRemoveButton={!readOnly}
            onRemove={() => remove(id)}
            removeButtonProps={{
              'aria-label': formatMessage(fieldsText.selectRemove, { name: nameOf(id) }),
              'aria-hidden': false,
            }}
          >
            {nameOf(id)}
          </Pill>
        ))}
        <Combobox.EventsTarget>
          <PillsInput.Field
            id={props.id}
            aria-label={chrome['aria-label']}
            aria-description={chrome['aria-description']}
            readOnly={readOnly}
            value={search}
            placeholder={ids.length === 0 ? fieldsText.selectPlaceholder : undefined}
            onFocus={open}
            onBlur={blur}
            onChange={(event) => onSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              const last = ids.at(-1);
              if (event.key === 'Backspace' && search === '' && last !== undefined && !readOnly) remove(last);
            }}
          />
        </Combobox.EventsTarget>
      </Pill.Group>
    </PillsInput>
  ) : (
    <InputBase
      {...chrome}
      value={combobox.dropdownOpened ? search : ids[0] !== undefined ? nameOf(ids[0]) : ''}
      placeholder={ids[0] !== undefined ? nameOf(ids[0]) : fieldsText.selectPlaceholder}
      onClick={open}
      onFocus={open}
      onBlur={blur}
      onChange={(event) => onSearch(event.currentTarget.value)}
      rightSection={clearButton}
      rightSectionPointerEvents={ids.length > 0 && !readOnly ? 'all' : 'none'}
    />
  );

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      {multiple ? (
        <Combobox.DropdownTarget>{target}</Combobox.DropdownTarget>
      ) : (
        <Combobox.Target>{target}</Combobox.Target>
      )}
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} onScroll={onScroll}>
          {groupsOf(options).map(([parent, items]) => {
            const rendered = items.map((option) => (
              <OptionItem key={option.id} option={option} selected={ids.includes(option.id)} />
            ));
            return parent === null ? (
              rendered
            ) : (
              <Combobox.Group key={parent} label={parent}>
                {rendered}
              </Combobox.Group>
            );
          })}
          {status !== undefined && <Combobox.Empty>{status}</Combobox.Empty>}
          {query.isFetchingNextPage && <Combobox.Empty>{fieldsText.selectLoading}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

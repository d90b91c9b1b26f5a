import { Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { placeholderText } from '@talkbase/domain/fields/report-columns';
import { useRef, useState } from 'react';
import { searchCatalog, type CatalogAttribute } from './attribute-catalog.ts';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.reportColumns;

interface PlaceholderInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string, subjectId: number | null) => void;
  catalog: readonly CatalogAttribute[];
  loading: boolean;
  readOnly: boolean;
  error?: string | undefined;
}

/**
 * A column value: free text around `${subject.attribute}` placeholders. Typing `${` opens a picker
 * searchable by attribute name, subject name and identifier; the choice replaces the `${` typed.
 * Pasting is blocked (002 §5), so every placeholder comes from the picker.
 */
export function PlaceholderInput(props: PlaceholderInputProps) {
  const [picking, setPicking] = useState<{ start: number; end: number } | null>(null);
  const [search, setSearch] = useState('');
  const [pasteRefused, setPasteRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const found = picking ? searchCatalog(props.catalog, search) : [];

  const choose = (a: CatalogAttribute) => {
    if (!picking) return;
    const inserted = placeholderText(a.subjectIdentifier, a.attributeIdentifier);
    const next = props.value.slice(0, picking.start) + inserted + props.value.slice(picking.end);
    props.onChange(next, a.subjectId);
    setPicking(null);
    setSearch('');
    const caret = picking.start + inserted.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Popover
      opened={picking !== null}
      onChange={(open) => {
        if (!open) setPicking(null);
      }}
      position="bottom-start"
      width={360}
      trapFocus
      returnFocus
      // A text box may not carry aria-haspopup/aria-expanded (axe aria-allowed-attr); the picker
      // is a labelled dialog that takes the focus when it opens.
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          ref={input}
          id={props.id}
          label={props.label}
          description={pasteRefused ? text.pasteBlocked : text.valueHint}
          value={props.value}
          readOnly={props.readOnly}
          error={props.error}
          onPaste={(e) => {
            e.preventDefault();
            setPasteRefused(true);
          }}
          onDrop={(e) => e.preventDefault()}
          onChange={(e) => {
            const next = e.currentTarget.value;
            const caret = e.currentTarget.selectionStart ?? next.length;
            setPasteRefused(false);
            props.onChange(next, null);
            if (next.length > props.value.length && next.slice(caret - 2, caret) === '${') {
              setSearch('');
              setPicking({ start: caret - 2, end: caret });
            }
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <TextInput
          label={text.pickerSearch}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
          onKeyDown={(e) => {
            const first = found[0];
            if (e.key === 'Enter' && first) {
              e.preventDefault();
              choose(first);
            }
          }}
        />
        <Stack
          gap={2}
          mt="xs"
          mah={260}
          style={{ overflowY: 'auto' }}
          role="group"
          aria-label={text.pickerLabel}
        >
          {props.loading && <Text size="sm">{text.pickerLoading}</Text>}
          {!props.loading && found.length === 0 && <Text size="sm">{text.pickerEmpty}</Text>}
          {found.map((a) => (
            <UnstyledButton
              key={`${a.subjectIdentifier}.${a.attributeIdentifier}`}
              onClick={() => choose(a)}
              p={4}
              style={{ borderRadius: 4 }}
            >
              <Text size="sm" fw={500}>
                {a.attributeName}
              </Text>
              <Text size="xs" c="dimmed">
                {a.subjectName} · {placeholderText(a.subjectIdentifier, a.attributeIdentifier)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

import { Button, Popover, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { recordsText } from '../../../i18n/records.ts';
import { SYSTEM_COLUMNS, type SystemColumnName } from './grid-columns.ts';

const text = recordsText.grid;
const storageKey = (subject: string) => `talkbase.grid.systemColumns.${subject}`;

function read(subject: string): SystemColumnName[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(subject)) ?? '[]');
    return Array.isArray(raw) ? SYSTEM_COLUMNS.map((c) => c.identifier).filter((c) => raw.includes(c)) : [];
  } catch {
    return [];
  }
}

/** The system columns the user chose for a subject's grid, kept in this browser. */
export function useSystemColumns(subject: string): [SystemColumnName[], (next: SystemColumnName[]) => void] {
  const [state, setState] = useState(() => ({ subject, chosen: read(subject) }));
  // Another subject's grid in the same component: its own choice.
  const chosen = state.subject === subject ? state.chosen : read(subject);
  if (state.subject !== subject) setState({ subject, chosen });
  const set = useCallback(
    (next: SystemColumnName[]) => {
      window.localStorage.setItem(storageKey(subject), JSON.stringify(next));
      setState({ subject, chosen: next });
    },
    [subject],
  );
  return [chosen, set];
}

/** "Colunas do sistema": Criado em, Criado por, Alterado em, Alterado por, each on or off. */
export function SystemColumnsMenu(props: {
  value: readonly SystemColumnName[];
  onChange: (next: SystemColumnName[]) => void;
}) {
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default">{text.systemColumns}</Button>
      </Popover.Target>
      <Popover.Dropdown role="group" aria-label={text.systemColumns}>
        <Stack gap="xs">
          {SYSTEM_COLUMNS.map(({ identifier }) => (
            <label key={identifier} className="grid-system-column">
              <input
                type="checkbox"
                className="grid-check"
                checked={props.value.includes(identifier)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  props.onChange(
                    SYSTEM_COLUMNS.map((c) => c.identifier).filter((c) =>
                      c === identifier ? on : props.value.includes(c),
                    ),
                  );
                }}
              />
              {text.systemColumnLabels[identifier]}
            </label>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

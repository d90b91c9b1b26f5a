import { Alert, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { menusText } from '../../i18n/menus.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useFullIconFont } from '../../ui/icon-font.ts';
import { loadIconNames, searchIcons } from './icon-names.ts';

const text = menusText.picker;
const PER_ROW = 8;
const ROW_HEIGHT = 76;

/** The icon picker modal of 001 §2.13: any Material Symbols name, searched by words. */
export function IconPickerModal(props: {
  opened: boolean;
  current: string | null;
  onPick: (icon: string) => void;
  onClose: () => void;
}) {
  const [term, setTerm] = useState('');
  // Any icon may be picked: the full set (the app's own screens use a subset).
  useFullIconFont(props.opened);
  const list = useQuery({
    queryKey: ['menus', 'icon-names'],
    queryFn: loadIconNames,
    enabled: props.opened,
    staleTime: Infinity,
  });
  const found = useMemo(() => searchIcons(list.data ?? [], term), [list.data, term]);
  const rows = Math.ceil(found.length / PER_ROW);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser re-renders the picker on scroll; nothing here is memoised.
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={text.title}
      size={720}
      centered
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack gap="sm">
        <TextInput
          label={text.search}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          maxLength={60}
          data-autofocus
        />
        {list.isPending && (
          <Stack align="center" py="lg">
            <Loader size="sm" />
            <Text size="sm">{text.loading}</Text>
          </Stack>
        )}
        {list.isError && (
          <Alert color="red" role="alert">
            {text.error}
          </Alert>
        )}
        {list.data && (
          <>
            <Text size="sm" aria-live="polite">
              {found.length === 0 ? text.none : text.results(found.length)}
            </Text>
            <div ref={scroller} className="menu-icon-scroller" style={{ height: 380, overflow: 'auto' }}>
              <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                {virtual.getVirtualItems().map((row) => (
                  <div
                    key={row.key}
                    className="menu-icon-row"
                    style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: ROW_HEIGHT }}
                  >
                    {found.slice(row.index * PER_ROW, row.index * PER_ROW + PER_ROW).map((name) => (
                      <UnstyledButton
                        key={name}
                        className="menu-icon-choice"
                        aria-label={text.pick(name)}
                        aria-pressed={name === props.current}
                        title={name}
                        onClick={() => props.onPick(name)}
                      >
                        <Icon name={name} size="1.75rem" />
                        <span className="menu-icon-name">{name}</span>
                      </UnstyledButton>
                    ))}
                  </div>
                ))}
              </div>
            </div>
          </>
        )}
      </Stack>
    </Modal>
  );
}

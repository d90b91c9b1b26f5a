import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { t } from '../i18n/pt-BR.ts';

function OpenAfterMount({ children }: { children: (ready: boolean) => ReactNode }) {
  const [ready, setReady] = useState(false);
  // Opened in a later task than the closed mount, so the closed state is committed first.
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return children(ready);
}

/**
 * Dialogs whose code is fetched the first time one opens (issue 18: a screen's first load does
 * not carry its modals). Nothing renders until `open` is first true; then `children` renders
 * the lazily loaded dialogs, with a spinner meanwhile. They mount with `ready` false, closed, and
 * open right after: Mantine's Modal remembers the element to give the focus back to when
 * `opened` changes, not when it mounts, so the keyboard returns where it was on close.
 */
export function DeferredDialog({
  open,
  children,
}: {
  open: boolean;
  children: (ready: boolean) => ReactNode;
}) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense
      fallback={
        <Center pos="fixed" inset={0} style={{ zIndex: 300, pointerEvents: 'none' }}>
          <Loader aria-label={t.app.loading} />
        </Center>
      }
    >
      <OpenAfterMount>{children}</OpenAfterMount>
    </Suspense>
  );
}

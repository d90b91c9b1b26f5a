import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBlocker, useLocation, type Blocker, type BlockerFunction } from 'react-router';
import { t } from '../../i18n/pt-BR.ts';
import { unsavedText } from '../../i18n/unsaved.ts';
import { useTabs } from '../tabs/useTabs.ts';
import { answerDiscard, confirmDiscard, hasUnsavedChanges } from './unsaved-store.ts';
import { useDiscardQuestion } from './useUnsavedChanges.ts';

/** One screen whatever the case and trailing slash (/tags/list and /tags/list/). */
const screenOf = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase();

/** A move to another screen while something is unsaved is held until the user answers. */
const leavesUnsaved: BlockerFunction = ({ currentLocation, nextLocation }) =>
  hasUnsavedChanges() && screenOf(currentLocation.pathname) !== screenOf(nextLocation.pathname);

/**
 * The app's one router blocker and the "Descartar alterações?" modal (issue 39 item 5), in the
 * shell: every link, side-menu entry, tab and back/forward move that would leave a screen with
 * unsaved changes asks here; closing the current tab and signing out ask through
 * `confirmDiscard` and get the same modal.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(leavesUnsaved);
  const asked = useRef<Blocker | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    void confirmDiscard().then((leave) => {
      // A newer held move took over the question: it answers for itself.
      if (asked.current !== blocker) return;
      asked.current = null;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  // Signed out or gone: no question stays open behind.
  useEffect(() => () => answerDiscard(false), []);

  const question = useDiscardQuestion();
  const location = useLocation();
  const tabs = useTabs();
  const here = `${location.pathname}${location.search}`;
  const screen = tabs.find((tab) => tab.path === here)?.title;
  return (
    <Modal
      opened={question !== null && !question.ownPrompt}
      onClose={() => answerDiscard(false)}
      title={unsavedText.title}
      size={480}
      centered
      closeOnEscape
      closeButtonProps={{ 'aria-label': t.confirm.close }}
    >
      <Text>{unsavedText.lost(screen)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answerDiscard(false)} data-autofocus>
          {unsavedText.stay}
        </Button>
        <Button color="red.9" onClick={() => answerDiscard(true)}>
          {unsavedText.discard}
        </Button>
      </Group>
    </Modal>
  );
}

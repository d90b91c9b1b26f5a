import type { ReactNode } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { Icon } from '../../../ui/Icon.tsx';
import { formGroups, type FormNode } from '../form/form-model.ts';
import { areaDomId, RecordForm, type SavedRecord } from '../form/RecordForm.tsx';
import { ConversationLink } from '../../messages/ConversationLink.tsx';
import { MessageThread } from '../../messages/MessageThread.tsx';
import { recordsText } from '../../../i18n/records.ts';

/** Scrolls the form to one of its areas (002 §2 "scroll-to-area"). */
export function scrollToArea(key: string): void {
  const target = document.getElementById(areaDomId(key));
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target?.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
}

/** The template's top-level areas: its groups (with legends), or its fields when it has no groups. */
function menuEntries(nodes: FormNode[]): { key: string; label: string; icon: string }[] {
  const groups = formGroups(nodes);
  if (groups.length > 0) return groups.map((g) => ({ key: g.key, label: g.legend, icon: 'segment' }));
  return nodes.flatMap((n) =>
    n.kind === 'field' && !n.area?.ishidden ? [{ key: n.key, label: n.label, icon: 'label' }] : [],
  );
}

function AreaMenu({ nodes, extra }: { nodes: FormNode[]; extra?: ReactNode }) {
  const entries = menuEntries(nodes);
  if (entries.length === 0 && !extra) return null;
  return (
    <nav aria-label={recordsText.form.areas} className="record-area-menu">
      <ScrollArea.Autosize mah="calc(100vh - 12rem)">
        {extra}
        {entries.map((entry) => (
          <NavLink
            key={entry.key}
            component="button"
            type="button"
            label={entry.label}
            leftSection={<Icon name={entry.icon} size="1.1em" />}
            onClick={() => scrollToArea(entry.key)}
          />
        ))}
      </ScrollArea.Autosize>
    </nav>
  );
}

/** The talk scenario (002 §2 "Talk"): the record with a side menu of its template areas. */
export function RecordView(props: {
  context: ContextResponse;
  talkId: number;
  onSaved?: (saved: SavedRecord) => void;
  /** After a delete from the view; by default its tab closes and the grid opens (RecordForm). */
  onDeleted?: () => void;
}) {
  return (
    <>
      <RecordForm
        context={props.context}
        talkId={props.talkId}
        onSaved={props.onSaved}
        onDeleted={props.onDeleted}
        aside={(nodes) => (
          <AreaMenu
            nodes={nodes}
            extra={
              props.talkId > 0 && (
                <ConversationLink subject={props.context.subject.subjectIdentifier} talkId={props.talkId} />
              )
            }
          />
        )}
      />
      {props.talkId > 0 && (
        <MessageThread subject={props.context.subject.subjectIdentifier} talkId={props.talkId} />
      )}
    </>
  );
}

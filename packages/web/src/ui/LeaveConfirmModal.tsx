import type { Blocker } from 'react-router';
import type { ReactNode } from 'react';
import { ConfirmModal } from './ConfirmModal.tsx';

/** The question a held move asks (useUnsavedChangesGuard): leave, losing the changes, or stay. */
export function LeaveConfirmModal(props: {
  blocker: Blocker;
  title: string;
  leaveLabel: string;
  stayLabel: string;
  children: ReactNode;
}) {
  const { blocker } = props;
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={props.title}
      confirmLabel={props.leaveLabel}
      cancelLabel={props.stayLabel}
      danger
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {props.children}
    </ConfirmModal>
  );
}

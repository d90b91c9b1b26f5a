import type { ReactNode } from 'react';
import { ConfirmModal } from './ConfirmModal.tsx';

/** A move held until the user answers (a react-router Blocker has this shape too). */
export interface LeaveQuestion {
  state: 'unblocked' | 'blocked' | 'proceeding';
  proceed?: (() => void) | undefined;
  reset?: (() => void) | undefined;
}

/** The question a held move asks (useUnsavedChangesGuard): leave, losing the changes, or stay. */
export function LeaveConfirmModal(props: {
  blocker: LeaveQuestion;
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

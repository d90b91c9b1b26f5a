import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountListItem } from '@talkbase/domain/contracts/account';
import { ApiError } from '../../api/client.ts';
import { accountLifeText } from '../../i18n/account-life.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { notify } from '../notices/notices-store.ts';
import { setAccountActive } from './account-life-api.ts';
import { accountName } from './user-form.ts';
import { usersKeys } from './users-api.ts';

const text = accountLifeText.list;

/**
 * Confirms suspending (an active account) or restoring (a suspended one), then asks the server;
 * the users screens read the accounts again afterwards.
 */
export function SuspendConfirm({
  account,
  onClose,
}: {
  account: AccountListItem | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (a: AccountListItem) => setAccountActive(a.accountId, a.inativo),
    onSuccess: async (_, a) => {
      notify({ kind: 'success', message: (a.inativo ? text.restored : text.suspended)(accountName(a)) });
      onClose();
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (err) => {
      const message = err instanceof ApiError && err.errors[0]?.message ? err.errors[0].message : text.failed;
      notify({ kind: 'error', message });
    },
  });
  const restoring = account?.inativo === true;
  const name = account ? accountName(account) : '';
  return (
    <ConfirmModal
      opened={account !== null}
      title={restoring ? text.restoreTitle : text.suspendTitle}
      confirmLabel={restoring ? text.restoreAction : text.suspendAction}
      danger={!restoring}
      busy={change.isPending}
      onClose={() => {
        if (!change.isPending) onClose();
      }}
      onConfirm={() => {
        if (account) change.mutate(account);
      }}
    >
      {restoring ? text.restoreConfirm(name) : text.suspendConfirm(name)}
    </ConfirmModal>
  );
}

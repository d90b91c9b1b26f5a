import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountListItem } from '@talkbase/domain/contracts/account';
import { useState } from 'react';
import './users.css';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { ListPager } from '../../ui/ListPager.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { AccountAvatar } from './AccountAvatar.tsx';
import { accountName } from './user-form.ts';
import { deleteAccount, fetchAccounts, usersKeys } from './users-api.ts';
import { usersText } from '../../i18n/users.ts';
import { accountLifeText } from '../../i18n/account-life.ts';
import { SuspendConfirm } from './SuspendConfirm.tsx';

const text = usersText.list;
/** 001 §9: users list page sizes; search at most 25 characters. */
export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const USER_SEARCH_MAX = 25;

/** 'Todos os usuários' (001 §2.2): paged, searchable, each row opens its edit screen. */
export function UsersListPage() {
  // Kept in the screen, not the address: an address change would open another tab.
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(10);
  const [term, setTerm] = useState('');
  const [debouncedTerm] = useDebouncedValue(term.trim(), 400);
  const [effectiveTerm, setEffectiveTerm] = useState('');
  const [pending, setPending] = useState<AccountListItem | null>(null);
  const [showInactive, setShowInactive] = useState(false);
  const [suspending, setSuspending] = useState<AccountListItem | null>(null);
  const queryClient = useQueryClient();

  const go = (next: { page?: number; size?: number }) => {
    if (next.page !== undefined) setPage(next.page);
    if (next.size !== undefined) setSize(next.size);
  };

  // A new search starts at the first page.
  if (effectiveTerm !== debouncedTerm) {
    setEffectiveTerm(debouncedTerm);
    setPage(1);
  }

  const list = useQuery({
    queryKey: [...usersKeys.page(page, size, effectiveTerm), showInactive],
    queryFn: ({ signal }) => fetchAccounts({ page, size, term: effectiveTerm, showInactive }, signal),
    placeholderData: keepPreviousData,
  });

  const removal = useMutation({
    mutationFn: (account: AccountListItem) => deleteAccount(account.accountId),
    onSuccess: async (_, account) => {
      notify({ kind: 'success', message: text.removed(accountName(account)) });
      setPending(null);
      // 001 §4: when the last row of a later page goes, go back one page.
      if (page > 1 && list.data?.itens.length === 1) go({ page: page - 1 });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (err) => {
      const message =
        err instanceof ApiError && err.errors[0]?.message ? err.errors[0].message : text.removeFailed;
      notify({ kind: 'error', message });
    },
  });

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Button component={Link} to="/config/users/add" leftSection={<Icon name="person_add" />}>
          {text.add}
        </Button>
      </Group>
      <Group align="flex-end" gap="lg">
        <TextInput
          label={text.search}
          placeholder={text.searchPlaceholder}
          value={term}
          maxLength={USER_SEARCH_MAX}
          leftSection={<Icon name="search" />}
          onChange={(e) => {
            setTerm(e.currentTarget.value);
          }}
          type="search"
          w={420}
          maw="100%"
        />
        <Switch
          label={accountLifeText.list.showInactive}
          checked={showInactive}
          onChange={(e) => {
            setShowInactive(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      {list.isPending && <Skeleton role="status" height={240} aria-label={t.app.loading} />}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {list.data && list.data.itens.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{text.empty}</Text>
          {!showInactive && (
            <Text c="dimmed" size="sm" mt="xs">
              {accountLifeText.list.inactiveHint}
            </Text>
          )}
        </Paper>
      )}
      {list.data && list.data.itens.length > 0 && (
        <Paper withBorder radius="md" component="ul" className="users-list" aria-label={text.title}>
          {list.data.itens.map((account) => (
            <UserRow
              key={account.accountId}
              account={account}
              onRemove={() => setPending(account)}
              onSuspend={() => setSuspending(account)}
            />
          ))}
        </Paper>
      )}
      {list.data && list.data.totalResults > 0 && (
        <ListPager
          totalText={text.total(list.data.totalResults)}
          total={list.data.totalResults}
          page={page}
          pageSize={size}
          pageSizes={USER_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          pagerLabel={text.pages}
          onPage={(p) => {
            go({ page: p });
          }}
          onPageSize={(v) => {
            go({ size: v, page: 1 });
          }}
        />
      )}
      <SuspendConfirm
        account={suspending}
        onClose={() => {
          setSuspending(null);
        }}
      />
      <ConfirmModal
        opened={pending !== null}
        title={text.removeTitle}
        danger
        busy={removal.isPending}
        onClose={() => {
          if (!removal.isPending) setPending(null);
        }}
        onConfirm={() => {
          if (pending) removal.mutate(pending);
        }}
      >
        {text.removeConfirm}
      </ConfirmModal>
    </Stack>
  );
}

function UserRow({
  account,
  onRemove,
  onSuspend,
}: {
  account: AccountListItem;
  onRemove: () => void;
  onSuspend: () => void;
}) {
  const name = accountName(account);
  const editPath = `/config/users/edit/${account.accountId}`;
  return (
    <li className="users-row" data-inactive={account.inativo || undefined}>
      <Group justify="space-between" wrap="nowrap" p="sm" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <AccountAvatar account={account} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Text component={Link} to={editPath} fw={600} className="users-row-name" truncate>
                {name}
              </Text>
              {account.displayName && <Text c="dimmed" size="sm">{`(${account.displayName})`}</Text>}
              {account.accountType === 2 && (
                <Badge variant="light" color="grape" size="sm">
                  {text.integration}
                </Badge>
              )}
              {account.inativo && (
                <Badge variant="filled" color="gray.7" size="sm">
                  {text.inactive}
                </Badge>
              )}
            </Group>
            {account.email && (
              <Text size="sm" c="dimmed" truncate>
                {account.email}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {account.canEdit && (
            <ActionIcon
              component={Link}
              to={editPath}
              variant="subtle"
              color="gray"
              aria-label={text.edit(name)}
              title={text.edit(name)}
            >
              <Icon name="edit" />
            </ActionIcon>
          )}
          {account.canEdit && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={(account.inativo ? accountLifeText.list.restore : accountLifeText.list.suspend)(
                name,
              )}
              title={(account.inativo ? accountLifeText.list.restore : accountLifeText.list.suspend)(name)}
              onClick={onSuspend}
            >
              <Icon name={account.inativo ? 'person_check' : 'person_off'} />
            </ActionIcon>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.remove(name)}
            title={text.remove(name)}
            onClick={onRemove}
          >
            <Icon name="delete" />
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}

import { Avatar } from '@mantine/core';
import type { AccountListItem } from '@talkbase/domain/contracts/account';
import { accountName, initials } from './user-form.ts';
import { useAccountImage } from './users-api.ts';

/** The account's picture, or its initials while there is none. */
export function AccountAvatar({
  account,
  size = 'md',
}: {
  account: Pick<
    AccountListItem,
    'profileImage' | 'firstName' | 'lastName' | 'appName' | 'displayName' | 'accountType'
  >;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const src = useAccountImage(account.profileImage?.url);
  return (
    <Avatar src={src} size={size} radius="xl" color="brand" alt="" aria-hidden>
      {initials(accountName(account))}
    </Avatar>
  );
}

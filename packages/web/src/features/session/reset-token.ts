import { RESET_PAGE_PATH } from '@talkbase/domain/contracts/account-life-paths';

/** The token of the e-mailed reset link: it rides in the address's fragment (`#token=…`). */
export function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

/** Whether an address is the e-mailed reset link's page (RESET_PAGE_PATH, any case, trailing slash). */
export function isResetLinkPath(pathname: string): boolean {
  return pathname.toLowerCase().replace(/\/+$/, '') === RESET_PAGE_PATH;
}

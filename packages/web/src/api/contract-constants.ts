import type {
  ADMIN_ROOM_ID as ContractAdminRoomId,
  CUSTOMER_ROOM_ID as ContractCustomerRoomId,
  accountPaths as contractAccountPaths,
} from '@talkbase/domain/contracts/account';

/*
 * Values of @talkbase/domain/contracts/account, restated: importing that module at run time
 * would bring zod into the first-load bundle (about 15 KB gzipped of the 200 KB budget). Each
 * constant is typed by the contract's own literal type, so any drift fails the type check.
 */

export const accountPaths: typeof contractAccountPaths = {
  login: '/api/account/login',
  verifyPasscode: '/api/account/verifypasscode',
  refresh: '/api/account/refresh',
  logout: '/api/account/logout',
  list: '/api/account',
  one: '/api/account/:accountId',
  image: '/api/account/:accountId/image',
};

export const ADMIN_ROOM_ID: typeof ContractAdminRoomId = 1;
export const CUSTOMER_ROOM_ID: typeof ContractCustomerRoomId = 1196;

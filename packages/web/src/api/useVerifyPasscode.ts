import { useMutation } from '@tanstack/react-query';
import type { VerifyPasscodeBody } from '@talkbase/domain/contracts/account';
import { verifyPasscode } from './account-api.ts';

export function useVerifyPasscode() {
  return useMutation({ mutationFn: (body: VerifyPasscodeBody) => verifyPasscode(body) });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@talkbase/domain/contracts/account';
import { login } from './account-api.ts';

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => login(body) });
}

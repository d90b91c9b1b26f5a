/**
 * The two texts of the password reset that the sign-in screen itself shows (first load); the rest
 * comes with the reset forms (i18n/account-life.ts), loaded when asked for.
 */
export const signInResetText = {
  forgotLink: 'Esqueci minha senha',
  done: 'Senha redefinida com sucesso. Entre com a nova senha.',
} as const;

/**
 * Texts of an account's life cycle (issue 34 item 5), in pt-BR: suspending and restoring users,
 * the password reset by e-mail, and an integration's new password.
 */
export const accountLifeText = {
  list: {
    showInactive: 'Mostrar inativos',
    suspend: (name: string) => `Suspender ${name}`,
    restore: (name: string) => `Reativar ${name}`,
    suspendTitle: 'Suspender usuário',
    restoreTitle: 'Reativar usuário',
    suspendConfirm: (name: string) =>
      `${name} não poderá mais entrar e as sessões abertas terminam agora. Deseja suspender este usuário?`,
    restoreConfirm: (name: string) => `${name} poderá entrar novamente. Deseja reativar este usuário?`,
    suspendAction: 'Suspender',
    restoreAction: 'Reativar',
    suspended: (name: string) => `Usuário ${name} suspenso.`,
    restored: (name: string) => `Usuário ${name} reativado.`,
    failed: 'Não foi possível alterar a situação do usuário. Tente novamente.',
    inactiveHint: 'Ligue "Mostrar inativos" para ver também os usuários suspensos.',
  },
  form: {
    status: 'Situação',
    active: 'Ativo',
    inactive: 'Inativo',
    inactiveHint: 'Não consegue entrar no sistema.',
    sendReset: 'Enviar redefinição de senha',
    sendResetTitle: 'Enviar redefinição de senha',
    sendResetConfirm: (email: string) =>
      `Enviar para ${email} um link para escolher uma nova senha? O link vale por 1 hora e só pode ser usado uma vez.`,
    sendResetAction: 'Enviar',
    resetSent: (email: string) => `E-mail de redefinição de senha enviado para ${email}.`,
    resetFailed: 'Não foi possível enviar o e-mail de redefinição de senha. Tente novamente.',
    newPassword: 'Gerar nova senha',
    newPasswordTitle: 'Gerar nova senha',
    newPasswordConfirm:
      'A senha atual desta integração deixa de funcionar agora e as sessões abertas com ela terminam. A nova senha é mostrada uma única vez. Deseja gerar uma nova senha?',
    newPasswordAction: 'Gerar',
    newPasswordFailed: 'Não foi possível gerar uma nova senha. Tente novamente.',
  },
  forgot: {
    title: 'Esqueci minha senha',
    intro:
      'Informe o e-mail da sua conta. Se ele estiver cadastrado, enviaremos um link para você escolher uma nova senha.',
    email: 'E-mail',
    emailRequired: 'Informe o e-mail',
    emailInvalid: 'Insira um Email válido',
    send: 'Enviar link',
    sent: 'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha. O link vale por 1 hora.',
    back: 'Voltar para o login',
  },
  reset: {
    title: 'Redefinir senha',
    intro: 'Escolha uma nova senha para a sua conta. Ao salvar, todas as sessões abertas são encerradas.',
    newPassword: 'Nova senha',
    confirm: 'Confirmar nova senha',
    save: 'Salvar nova senha',
    missingToken:
      'Este link de redefinição de senha está incompleto. Abra novamente o link do e-mail ou peça um novo.',
    requestNew: 'Pedir um novo link',
  },
} as const;

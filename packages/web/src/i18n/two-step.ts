/** Texts of two-step sign-in (issue 34 item 4): the profile, the user form and /config/security. */
export const twoStepText = {
  title: 'Verificação em duas etapas',
  intro:
    'Com a verificação em duas etapas, ao entrar, além da senha é pedido um código de 6 dígitos enviado para o seu e-mail.',
  on: 'Ligada',
  off: 'Desligada',
  requiredByCompany: 'Exigida pela empresa para administradores',
  requiredByCompanyHint:
    'A empresa exige o código de todos os administradores: ele continua sendo pedido ao entrar, mesmo com a verificação desligada aqui.',
  changedAt: (when: string) => `Alterada em ${when}`,
  codesGoTo: (email: string) => `Os códigos são enviados para ${email}.`,
  noEmail: 'Cadastre um e-mail na conta para usar a verificação em duas etapas.',
  turnOn: 'Ligar verificação em duas etapas',
  turnOff: 'Desligar',
  sendCode: 'Enviar código',
  resend: 'Enviar outro código',
  codeSent: (email: string) =>
    `Enviamos um código de 6 dígitos para ${email}. Ele vale por 10 minutos. Digite-o abaixo para ligar a verificação.`,
  code: 'Código de verificação',
  codeInvalid: 'O código deve ter 6 dígitos',
  confirm: 'Confirmar e ligar',
  cancel: 'Cancelar',
  turnedOn: 'Verificação em duas etapas ligada.',
  turnedOff: 'Verificação em duas etapas desligada.',
  offTitle: 'Desligar a verificação em duas etapas',
  offHint: 'Para desligar, confirme a sua senha atual.',
  currentPassword: 'Senha atual',
  passwordRequired: 'Informe a senha atual',
  loadError: 'Não foi possível carregar a verificação em duas etapas.',
  reload: 'Tentar novamente',
  failed: 'Não foi possível alterar a verificação em duas etapas. Tente novamente.',
  user: {
    turnOnConfirm: (name: string) =>
      `Ligar a verificação em duas etapas de ${name}? A partir do próximo login, será pedido um código enviado para o e-mail da conta. A pessoa é avisada por e-mail.`,
    turnOffConfirm: (name: string) =>
      `Desligar a verificação em duas etapas de ${name}? A pessoa é avisada por e-mail.`,
    turnOn: 'Ligar',
    turnOff: 'Desligar',
    onFor: (name: string) => `Verificação em duas etapas ligada para ${name}.`,
    offFor: (name: string) => `Verificação em duas etapas desligada para ${name}.`,
  },
  security: {
    title: 'Segurança',
    rules: 'Regras de entrada',
    requireForAdmins: 'Exigir verificação em duas etapas dos administradores',
    requireForAdminsHint:
      'Ligada, todo administrador da empresa recebe por e-mail um código a cada login, mesmo sem ter ligado a verificação em duas etapas no próprio perfil. Vale também para você.',
    savedOn: 'Verificação em duas etapas exigida dos administradores.',
    savedOff: 'Os administradores não precisam mais da verificação em duas etapas (a não ser quem a ligou).',
    loadError: 'Não foi possível carregar as regras de segurança.',
  },
} as const;

import { PASSCODE_TTL_MINUTES } from '@talkbase/domain/contracts/two-step';

/** Messages of two-step sign-in (issue 34 item 4), in pt-BR. */
export const twoStepMessages = {
  personOnly: 'A verificação em duas etapas é para usuários: contas de integração entram com hash e senha.',
  noEmail: 'Esta conta não tem e-mail cadastrado para receber o código.',
  alreadyOn: 'A verificação em duas etapas já está ligada.',
  useProfile: 'Para ligar ou desligar a sua própria verificação em duas etapas, use a página do seu perfil.',
  inactive: 'Este usuário está inativo: reative-o antes de alterar a verificação em duas etapas.',
  accountNotFound: 'Usuário não encontrado.',
  companyRuleRoomOne:
    'Somente um administrador do perfil Administrador pode alterar as regras de segurança da empresa.',
  enrolMailSubject: 'Confirme a verificação em duas etapas do Talkbase',
  enrolMailText: (code: string) =>
    `Seu código de verificação é ${code}.\n\n` +
    'Digite-o em "Verificação em duas etapas", na página do seu perfil, para ligá-la. ' +
    `Ele vale por ${PASSCODE_TTL_MINUTES} minutos e só pode ser usado uma vez.\n` +
    'Se você não pediu para ligar a verificação em duas etapas, troque sua senha.',
  changedMailSubject: (on: boolean) =>
    on
      ? 'Verificação em duas etapas ligada na sua conta do Talkbase'
      : 'Verificação em duas etapas desligada na sua conta do Talkbase',
  changedMailText: (on: boolean, byAdministrator: boolean) =>
    (on
      ? 'A verificação em duas etapas foi ligada na sua conta do Talkbase: ao entrar, além da senha, ' +
        'será pedido um código enviado para este e-mail.'
      : 'A verificação em duas etapas foi desligada na sua conta do Talkbase: ao entrar, basta a senha.') +
    (byAdministrator ? '\nA alteração foi feita por um administrador da sua empresa.' : '') +
    '\nSe você não reconhece esta alteração, troque sua senha e fale com um administrador.',
} as const;

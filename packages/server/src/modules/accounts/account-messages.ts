/** Messages of the account calls, in pt-BR (spec 001 §5, §8 where it gives them). */
export const accountMessages = {
  notFound: 'Usuário não encontrado.',
  roomNotFound: 'Perfil de acesso não encontrado.',
  notYourself: 'Você não pode excluir o seu próprio usuário.',
  keepOwnAdmin: 'Você não pode remover o seu próprio acesso de administrador.',
  adminOnlyField: 'Somente um administrador pode alterar este campo.',
  otherPassword: 'A senha de outro usuário não pode ser alterada por aqui.',
  notForPerson: 'Este campo é de contas de integração.',
  notForIntegration: 'Este campo é de contas de usuário.',
  unknownSubject: 'Assunto não encontrado.',
  unknownAttribute: 'Atributo não encontrado.',
  imageExtension: 'Extensão não suportada',
  imageUnreadable: 'A imagem não é um PNG ou JPEG válido.',
  imageTooLarge: 'A imagem deve ter no máximo 1 MB.',
  maxLength: (n: number) => `Máximo de ${n} caracteres.`,
} as const;

/** Messages of an account's life cycle (issue 34 item 5). */
export const lifeMessages = {
  notYourself: 'Você não pode suspender o seu próprio usuário.',
  lastAdministrator: 'O último administrador ativo do perfil Administrador não pode ser suspenso.',
  resetPersonOnly: 'A redefinição de senha por e-mail é para usuários com e-mail cadastrado.',
  resetInactive: 'Este usuário está inativo: reative-o antes de enviar a redefinição de senha.',
  linkInvalid: 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo.',
  credentialsIntegrationOnly: 'Somente contas de integração recebem uma nova senha gerada.',
  resetMailSubject: 'Redefinição de senha do Talkbase',
  resetMailText: (link: string) =>
    'Recebemos um pedido para redefinir a senha da sua conta do Talkbase.\n\n' +
    `Para escolher uma nova senha, abra este link:\n${link}\n\n` +
    'O link vale por 1 hora e só pode ser usado uma vez. Ao redefinir a senha, todas as sessões abertas da sua conta são encerradas.\n' +
    'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
} as const;

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

/** Every message the server sends to users, in pt-BR. The spec's texts are used verbatim. */
export const messages = {
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  invalidBody: 'Os dados enviados são inválidos.',
  bodyTooLarge: 'O corpo da requisição excede o tamanho máximo permitido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado; envie application/json.',
  notFound: 'Recurso não encontrado.',
  storageFull: 'O servidor está sem espaço para gravar. Nada foi salvo; tente novamente em alguns minutos.',
  statementTimeout:
    'A consulta demorou mais do que o servidor permite e foi interrompida. Tente novamente ou use um filtro mais restrito.',
  internal: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  unauthorized: 'Sessão expirada ou inválida. Por favor, realize o login novamente.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  serverBusy: 'O servidor está ocupado no momento. Tente novamente em instantes.',
  invalidCredentials: 'Usuário ou senha inválidos.',
  invalidPasscode: 'Código de verificação inválido ou expirado.',
  passcodeMailSubject: 'Seu código de verificação do Talkbase',
  loginAttemptsMailSubject: 'Tentativas de acesso à sua conta do Talkbase',
  loginAttemptsMailText: (n: number) =>
    `Houve mais de ${n} tentativas de acesso à sua conta do Talkbase com senha incorreta em poucos minutos. ` +
    'Os aparelhos em que você já entrou continuam com acesso normal; novos endereços ficam bloqueados por alguns minutos. ' +
    'Se não foi você, recomendamos trocar sua senha.',
  passcodeMailText: (code: string) =>
    `Seu código de verificação é ${code}.\n\nEle vale por 10 minutos e só pode ser usado uma vez.\nSe você não tentou entrar no Talkbase, ignore esta mensagem.`,
  wrongCurrentPassword: 'Senha inválida',
  emailTaken: 'Esse e-mail já possui cadastro',
  appNameTaken: 'Nome do Aplicativo já cadastrado',
  invalidEmail: 'Insira um Email válido',
  roomNotFound: 'Perfil de acesso não encontrado.',
  required: 'Campo obrigatório.',
  maxLength: (n: number) => `Máximo de ${n} caracteres.`,
} as const;

/** Texts of the digital-certificate gate (002 §4, §8); the check's messages come from domain. */
export const certificateText = {
  title: 'Certificado digital',
  required:
    'Este assunto exige a verificação do seu certificado digital ICP-Brasil. Cada verificação vale por 24 horas.',
  howItWorks:
    'Ao verificar, o navegador pedirá que você escolha o seu certificado digital (token, cartão ou certificado instalado).',
  check: 'Verificar certificado digital',
  checkAgain: 'Verificar novamente',
  checking: 'Verificando...',
  retryHint:
    'Se o navegador não perguntou pelo certificado, feche todas as janelas dele e abra novamente antes de tentar outra vez.',
  statusError: 'Não foi possível consultar o certificado digital. Por favor, tente novamente.',
  retry: 'Tentar novamente',
  holder: (name: string, cpf: string, until: string) =>
    `Certificado digital de ${name} (CPF ${cpf}) verificado, válido até ${until}.`,
};

/** Texts of the themes screen's palettes (001 §2.14). */
export const themesText = {
  product: 'Cores do produto',
  customer: 'Cores do cliente',
  material: 'Cores padrão',
  customerEmpty: 'Ainda não há cores do cliente: elas vêm das cores dos perfis de acesso.',
  customerLoading: 'Carregando as cores do cliente…',
  customerError: 'Não foi possível carregar as cores do cliente.',
  retry: 'Tentar novamente',
  selected: (name: string) => `Cor atual: ${name}`,
};

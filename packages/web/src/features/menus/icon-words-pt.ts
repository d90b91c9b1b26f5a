/**
 * Portuguese words for the icon picker's search (issue 39 item 10): Material Symbols are named in
 * English, so "suporte" finds support_agent and "casa" finds home. Each word leads to the English
 * fragments of icon names; accents are ignored when searching.
 *
 * @icon-subset: names searched, not shown — the picker draws its results from the full font, so
 * these names stay out of the app's icon subset (build/icon-subset.ts).
 */
export const iconWordsPt: Readonly<Record<string, readonly string[]>> = {
  ajuda: ['help', 'support'],
  adicionar: ['add'],
  agenda: ['calendar', 'event', 'schedule'],
  alerta: ['warning', 'notification_important', 'error', 'campaign'],
  anexo: ['attach'],
  arquivo: ['file', 'folder', 'description', 'archive'],
  atendimento: ['support_agent', 'headset', 'call', 'contact'],
  aviso: ['warning', 'info', 'campaign'],
  banco: ['account_balance', 'database'],
  bandeira: ['flag'],
  busca: ['search'],
  buscar: ['search'],
  caixa: ['inbox', 'box', 'package'],
  calendario: ['calendar', 'event'],
  carrinho: ['cart'],
  carro: ['car'],
  casa: ['home', 'house'],
  categoria: ['category', 'label'],
  chamado: ['support', 'confirmation_number', 'report', 'help'],
  chave: ['key'],
  cliente: ['person', 'group', 'badge', 'business', 'store'],
  compra: ['shopping', 'cart'],
  configuracao: ['settings', 'tune'],
  configuracoes: ['settings', 'tune'],
  contato: ['contact', 'person', 'call'],
  conversa: ['chat', 'forum', 'message'],
  correio: ['mail', 'email'],
  data: ['calendar', 'event', 'date'],
  dinheiro: ['payments', 'attach_money', 'money', 'paid'],
  documento: ['description', 'article', 'file'],
  editar: ['edit'],
  email: ['mail', 'email'],
  empresa: ['business', 'apartment', 'corporate', 'domain'],
  engrenagem: ['settings'],
  entrada: ['inbox', 'login'],
  equipe: ['group', 'groups', 'diversity'],
  erro: ['error', 'bug', 'report'],
  estrela: ['star'],
  etiqueta: ['label', 'sell', 'tag'],
  excluir: ['delete'],
  favorito: ['star', 'favorite', 'bookmark'],
  ferramenta: ['build', 'construction', 'handyman'],
  filtro: ['filter'],
  financeiro: ['payments', 'account_balance', 'attach_money', 'monetization'],
  foto: ['photo', 'image', 'camera'],
  grafico: ['chart', 'bar_chart', 'analytics', 'monitoring'],
  grupo: ['group', 'groups'],
  hora: ['schedule', 'clock', 'timer'],
  imagem: ['image', 'photo'],
  impressora: ['print'],
  inicio: ['home'],
  lista: ['list', 'checklist'],
  lixeira: ['delete'],
  loja: ['store', 'storefront', 'shop'],
  mapa: ['map', 'location'],
  mensagem: ['chat', 'message', 'mail', 'sms'],
  menu: ['menu'],
  moeda: ['currency', 'money', 'paid'],
  nota: ['note', 'receipt', 'sticky'],
  notificacao: ['notifications'],
  nuvem: ['cloud'],
  pasta: ['folder'],
  pagamento: ['payment', 'payments', 'credit_card'],
  pedido: ['shopping', 'receipt', 'order'],
  pessoa: ['person', 'account_circle'],
  pessoas: ['group', 'groups', 'people'],
  prioridade: ['priority', 'flag', 'label_important'],
  produto: ['inventory', 'package', 'category', 'shopping'],
  projeto: ['work', 'folder', 'assignment'],
  relatorio: ['report', 'summarize', 'analytics', 'assessment'],
  relogio: ['schedule', 'clock', 'timer', 'alarm'],
  rede: ['lan', 'wifi', 'network', 'hub'],
  saude: ['health', 'medical', 'local_hospital'],
  seguranca: ['security', 'shield', 'lock'],
  senha: ['password', 'key', 'lock'],
  servidor: ['dns', 'storage', 'database'],
  situacao: ['flag', 'status', 'info', 'pending'],
  software: ['code', 'terminal', 'apps', 'computer'],
  suporte: ['support', 'help', 'headset'],
  tarefa: ['task', 'assignment', 'checklist', 'check'],
  telefone: ['call', 'phone'],
  tempo: ['schedule', 'timer', 'hourglass'],
  trabalho: ['work', 'business_center'],
  usuario: ['person', 'account_circle', 'badge'],
  usuarios: ['group', 'groups', 'people'],
  venda: ['sell', 'point_of_sale', 'shopping'],
  viagem: ['travel', 'flight', 'luggage'],
};

/** Lower case and without accents: "Relatório" is "relatorio". */
export function plainWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The English fragments a typed word may stand for: itself and the Portuguese words it starts. */
export function iconFragments(word: string): string[] {
  const plain = plainWord(word);
  const fragments = new Set([plain]);
  if (plain.length >= 3) {
    for (const [pt, en] of Object.entries(iconWordsPt))
      if (pt.startsWith(plain)) for (const e of en) fragments.add(e);
  }
  return [...fragments];
}

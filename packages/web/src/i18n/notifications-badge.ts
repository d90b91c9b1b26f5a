/** The top bar's bell (001 §2.15), apart from the inbox's texts: the bell is on every signed-in screen. */
export const unreadBadgeLabel = (n: number) =>
  n === 0 ? 'Notificações' : n === 1 ? 'Notificações: 1 não lida' : `Notificações: ${n} não lidas`;

import { formatMessage, message, type MessageParams } from '../fields/messages.ts';

/**
 * Texts of the ticket (chamado) rules. The status hint begins with the spec's words (000 §5:
 * 'Para concluir o chamado, altere o status para'); the rest of it, and the other texts, are ours
 * and follow the field messages' wording.
 */
export const ticketMessages = {
  required: 'O campo {name} é obrigatório',
  selectRequired: 'É obrigatório selecionar um item da lista.',
  dependsOn: 'Preencha o campo {parent} antes de {name}.',
  dependsOnHint: 'Preencha primeiro o campo {parent}.',
  readOnlyChanged: 'O campo {name} não pode ser alterado.',
  readOnlyFilled: 'O campo {name} não pode ser preenchido.',
  reworkBlocked: 'O campo {name} só pode ser preenchido quando {rework} for Sim.',
  reworkHint: 'Disponível quando {rework} for Sim.',
  reasonRequired: 'Informe o motivo da alteração da previsão.',
  closeHint: 'Para concluir o chamado, altere o status para "{status}".',
  statusNotAllowed:
    'O status "{status}" não pode ser escolhido por clientes: escolha {choices}. Para discordar da conclusão, escreva na conversa do chamado.',
} as const;

export type TicketMessageKey = keyof typeof ticketMessages;

export function ticketMessage(key: TicketMessageKey, params?: MessageParams): string {
  return formatMessage(ticketMessages[key], params);
}

export { message as fieldMessage };

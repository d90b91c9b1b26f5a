/**
 * What the SMTP listener and the application agree on, apart from the listener itself: the
 * application (modules/email-channels) imports this, and loads smtp-server only when a listener
 * is started (app.ts).
 */
/** A mail as the listener received it: the raw bytes and its envelope. */
export interface ReceivedMail {
  raw: Buffer;
  /** The envelope sender; null for a bounce (`MAIL FROM:<>`). */
  envelopeFrom: string | null;
  /** The recipients the listener accepted (lower case). */
  recipients: string[];
  remoteAddress: string;
  helo: string;
}

/** What the listener asks of the application. Thrown `InboundRefusal`s become SMTP answers. */
export interface InboundHandler {
  /** Whether mail to this address is taken (an active channel's address). */
  acceptsRecipient(address: string): Promise<boolean>;
  /** Whether this sender may send now (the per-sender rate limit). */
  acceptsSender(address: string): boolean;
  deliver(mail: ReceivedMail): Promise<void>;
}

/** An answer the listener gives instead of 250: permanent (5xx) or temporary (4xx). */
export class InboundRefusal extends Error {
  readonly responseCode: number;
  constructor(responseCode: number, message: string) {
    super(message);
    this.responseCode = responseCode;
  }
}

export const inboundTexts = {
  unknownRecipient: 'Endereço desconhecido neste servidor.',
  tooLarge: (mb: string) =>
    `Mensagem recusada: maior que o limite de ${mb} MB. Envie arquivos menores ou um link.`,
  rateLimited: 'Muitas mensagens deste remetente. Tente novamente mais tarde.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente mais tarde.',
} as const;

import type { RealtimeMessage } from '@talkbase/domain/contracts/realtime';

/** Close code the server uses when the session behind the socket has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/** Waits between reconnection attempts before giving up (as SignalR's automatic reconnect). */
export const RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000] as const;

export interface RealtimeHandlers {
  onMessage: (message: RealtimeMessage) => void;
  /**
   * The socket opened — the first time or again: what was pushed before it (while the page read its
   * data, or while the connection was cut) never arrived.
   */
  onOpen?: () => void;
  onReconnecting: () => void;
  onReconnected: () => void;
  /** Every reconnection attempt failed; only a reload will try again. */
  onLost: () => void;
  /** The very first connection failed. */
  onStartFailed: () => void;
  onSessionEnded: () => void;
}

export interface RealtimeOptions extends RealtimeHandlers {
  /** Built at every attempt so that a renewed token is used. */
  url: () => string;
  delaysMs?: readonly number[];
  createSocket?: (url: string) => WebSocket;
}

type Phase = 'starting' | 'connected' | 'reconnecting' | 'stopped';

const OPEN = 1;

function isMessage(value: unknown): value is RealtimeMessage {
  return (
    typeof value === 'object' && value !== null && typeof (value as { event?: unknown }).event === 'string'
  );
}

/** One WebSocket to /websocket with the reconnection behaviour and notices of 002 §4. */
export class RealtimeConnection {
  private readonly options: RealtimeOptions;
  private socket: WebSocket | undefined;
  private phase: Phase = 'stopped';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  start(): void {
    this.phase = 'starting';
    this.open();
  }

  stop(): void {
    this.phase = 'stopped';
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'client stopped');
  }

  private open(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: WebSocket;
    try {
      socket = create(this.options.url());
    } catch {
      this.handleClose(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const wasReconnecting = this.phase === 'reconnecting';
      this.phase = 'connected';
      this.attempt = 0;
      this.options.onOpen?.();
      if (wasReconnecting) this.options.onReconnected();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      try {
        const message: unknown = JSON.parse(event.data);
        if (isMessage(message)) this.options.onMessage(message);
      } catch {
        // Not ours to understand: ignored.
      }
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.handleClose(event.code);
    };
  }

  private handleClose(code: number): void {
    if (this.phase === 'stopped') return;
    if (code === SESSION_ENDED_CLOSE_CODE) {
      this.phase = 'stopped';
      this.options.onSessionEnded();
      return;
    }
    if (this.phase === 'starting') {
      this.phase = 'stopped';
      this.options.onStartFailed();
      return;
    }
    if (this.phase === 'connected') {
      this.phase = 'reconnecting';
      this.attempt = 0;
      this.options.onReconnecting();
    } else {
      this.attempt += 1;
    }
    const delays = this.options.delaysMs ?? RECONNECT_DELAYS_MS;
    const delay = delays[this.attempt];
    if (delay === undefined) {
      this.phase = 'stopped';
      this.options.onLost();
      return;
    }
    this.timer = setTimeout(() => this.open(), delay);
  }
}

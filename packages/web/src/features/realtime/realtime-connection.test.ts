import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection, type RealtimeHandlers } from './realtime-connection.ts';

/** Enough of a WebSocket for the connection: the test opens, closes and pushes by hand. */
class FakeSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    this.readyState = 3;
  }
}

function setup(onOpen?: () => void) {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const handlers: RealtimeHandlers = {
    onMessage: (m) => events.push(`message:${m.event}`),
    onReconnecting: () => events.push('reconnecting'),
    onReconnected: () => events.push('reconnected'),
    onLost: () => events.push('lost'),
    onStartFailed: () => events.push('start-failed'),
    onSessionEnded: () => events.push('session-ended'),
  };
  let token = 'first';
  const connection = new RealtimeConnection({
    ...handlers,
    ...(onOpen ? { onOpen } : {}),
    url: () => `ws://x/websocket?access_token=${token}`,
    delaysMs: [0, 100, 200],
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { connection, sockets, events, setToken: (t: string) => (token = t) };
}

describe('real-time connection (002 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('reports a failed start once and does not retry', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0]?.drop();
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['start-failed']);
    expect(sockets).toHaveLength(1);
  });

  it('says when the socket opens, the first time and after a reconnection (views read again what was not pushed)', () => {
    let opens = 0;
    const { connection, sockets, events } = setup(() => (opens += 1));
    connection.start();
    expect(opens).toBe(0);
    sockets[0]?.open();
    expect(opens).toBe(1);
    sockets[0]?.drop();
    vi.advanceTimersByTime(0);
    expect(opens).toBe(1);
    sockets[1]?.open();
    expect(opens).toBe(2);
    expect(events).toEqual(['reconnecting', 'reconnected']);
  });

  it('says it is reconnecting, then that the connection is back, with the current token', () => {
    const { connection, sockets, events, setToken } = setup();
    connection.start();
    sockets[0]?.open();
    setToken('renewed');
    sockets[0]?.drop();
    expect(events).toEqual(['reconnecting']);
    vi.advanceTimersByTime(0);
    sockets[1]?.drop();
    vi.advanceTimersByTime(100);
    sockets[2]?.open();
    expect(events).toEqual(['reconnecting', 'reconnected']);
    expect(sockets[2]?.url).toContain('access_token=renewed');
  });

  it('gives up after the last attempt and says the connection is lost', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0]?.open();
    sockets[0]?.drop();
    for (const delay of [0, 100, 200]) {
      vi.advanceTimersByTime(delay);
      sockets.at(-1)?.drop();
    }
    expect(events).toEqual(['reconnecting', 'lost']);
    expect(sockets).toHaveLength(4);
  });

  it('hands pushed events over and stops on a revoked session (4001)', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0]?.open();
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'SendNotification', data: {} }) });
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.drop(4001);
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['message:SendNotification', 'session-ended']);
    expect(sockets).toHaveLength(1);
  });

  it('stays quiet when the app closes it', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0]?.open();
    connection.stop();
    sockets[0]?.drop(1000);
    expect(events).toEqual([]);
  });
});

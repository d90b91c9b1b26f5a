import type { BrowserContext, Page } from 'playwright-core';

interface SocketControl {
  /** Lets the sockets made since the hold (or the cut) connect. */
  release(): void;
  /** Resolves once a socket is open (the server then delivers pushes to it). */
  opened(): Promise<void>;
  /**
   * Once a socket is open (the page's connection may still be opening), closes every open socket as
   * a lost connection would, and holds the next ones until `release`.
   */
  cut(): Promise<void>;
}

/**
 * Runs in the page before its scripts (`BrowserContext.addInitScript`): the app's WebSockets go
 * through a stand-in the test steers with `window.realtimeSockets` — held until released (`held`
 * true: a connection that opens late, after the page has read its data), or cut and held again.
 * Self-contained: it is sent to the browser as its source.
 */
function controlRealtimeSockets(held: boolean): void {
  const Real = window.WebSocket;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  if (held) hold();
  const open = new Set<WebSocket>();
  let opened: () => void = () => undefined;
  let anyOpen = new Promise<void>((resolve) => (opened = resolve));
  const control: SocketControl = {
    release: () => release(),
    opened: () => anyOpen,
    cut: async () => {
      await anyOpen;
      hold();
      for (const socket of open) socket.close(4000, 'cut by the test');
    },
  };
  (window as unknown as { realtimeSockets: SocketControl }).realtimeSockets = control;
  interface StandIn {
    readyState: number;
    onopen: ((e: Event) => void) | null;
    onclose: ((e: CloseEvent) => void) | null;
    onmessage: ((e: MessageEvent) => void) | null;
    onerror: ((e: Event) => void) | null;
    close(code?: number, reason?: string): void;
  }
  function StandInSocket(url: string): StandIn {
    let real: WebSocket | undefined;
    let closed = false;
    const socket: StandIn = {
      readyState: 0,
      onopen: null,
      onclose: null,
      onmessage: null,
      onerror: null,
      close(code, reason) {
        closed = true;
        socket.readyState = 3;
        real?.close(code, reason);
      },
    };
    void gate.then(() => {
      if (closed) return;
      const made = new Real(url);
      real = made;
      made.onopen = (e) => {
        open.add(made);
        opened();
        socket.readyState = 1;
        socket.onopen?.(e);
      };
      made.onmessage = (e) => socket.onmessage?.(e);
      made.onerror = (e) => socket.onerror?.(e);
      made.onclose = (e) => {
        open.delete(made);
        if (open.size === 0) anyOpen = new Promise<void>((resolve) => (opened = resolve));
        socket.readyState = 3;
        socket.onclose?.(e);
      };
    });
    return socket;
  }
  (window as unknown as { WebSocket: unknown }).WebSocket = StandInSocket;
}

/** From the next page load of `context` on, its real-time sockets are the test's to hold and cut. */
export async function steerRealtimeSockets(
  context: BrowserContext,
  options: { held: boolean },
): Promise<void> {
  await context.addInitScript(controlRealtimeSockets, options.held);
}

/** Waits until the page's real-time connection is open. */
export async function realtimeSocketOpen(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { realtimeSockets: SocketControl }).realtimeSockets.opened(),
  );
}

/** Lets the page's held sockets connect. */
export async function releaseRealtimeSockets(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { realtimeSockets: SocketControl }).realtimeSockets.release(),
  );
}

/**
 * Cuts the page's real-time connection (as a network drop would), once it is open, and holds its
 * reconnection.
 */
export async function cutRealtimeSockets(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { realtimeSockets: SocketControl }).realtimeSockets.cut());
}

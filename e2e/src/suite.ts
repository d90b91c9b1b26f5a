import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createOrdinaryUser, type TestUser } from './api.ts';
import { launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

export interface Suite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** An ordinary user of the customers' room. */
  readonly customer: TestUser;
}

/**
 * One spec file's fixtures: a fresh server (with extra environment if given), one Chromium and an
 * ordinary user, all stopped after the file whatever happened.
 */
export function useSuite(env: Record<string, string> = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let customer: TestUser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
    customer = await createOrdinaryUser(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} não foi iniciado (veja o erro do beforeAll).`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'o servidor');
    },
    get browser() {
      return ready(browser, 'o navegador');
    },
    get customer() {
      return ready(customer, 'o usuário de teste');
    },
  };
}

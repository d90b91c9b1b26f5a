import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { createOrdinaryUser, type TestUser } from './api.ts';
import { launchBrowser } from './browser.ts';
import { describeOpenPages } from './failure-report.ts';
import { startServer, type TestServer } from './server.ts';

export interface Suite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** An ordinary user of the customers' room. */
  readonly customer: TestUser;
}

/** Settings the first start writes into the data, which a copied template would not follow. */
const FIRST_START_SETTINGS = ['ADMIN_EMAIL', 'ADMIN_PASSWORD'];

/**
 * One spec file's fixtures: a server of its own (with extra environment if given) on a copy of the
 * run's data template for its seed, one Chromium (the headless shell, or the whole browser with
 * `fullBrowser`: see `launchBrowser`) and an ordinary user, all stopped after the file
 * whatever happened. Files share no server: most change the demo's data (tags, menus, rooms,
 * subjects) that others count or expect untouched.
 */
export function useSuite(env: Record<string, string> = {}, options: { fullBrowser?: boolean } = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let customer: TestUser | undefined;
  beforeAll(async () => {
    const template = FIRST_START_SETTINGS.some((key) => key in env)
      ? undefined
      : inject('dataTemplates')[env.SEED ?? 'none'];
    const [started, launched] = await Promise.allSettled([
      startServer(env, template?.dir),
      launchBrowser({ full: options.fullBrowser }),
    ]);
    // Whatever started is stopped by afterAll, even when the other failed.
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    // The template's own (made once for the run), or one made now on a server started without one.
    customer = template?.customer ?? (await createOrdinaryUser(started.value));
  });
  // A failed test's error says what its open pages showed (CI takes no screenshots), in the
  // failure summary where the run's last lines show it.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      if (!browser) return;
      const report = await describeOpenPages(browser);
      const error = task.result?.errors?.[0];
      if (error) error.message = `${error.message}\n\n${report}`;
      else console.error(report);
    });
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

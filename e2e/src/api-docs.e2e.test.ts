import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByApi } from './api.ts';
import { newContext, screenshot } from './browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

interface Doc {
  paths: Record<string, Record<string, { 'x-permission': string }>>;
}

/**
 * An operation's block: the viewer renders only the operations near the view (it virtualizes long
 * lists), so it is asked to scroll to it first, as its deep links do.
 */
async function reveal(page: Page, tag: string, operationId: string): Promise<Locator> {
  await page.evaluate(
    (key) => {
      interface Viewer {
        layoutActions: { scrollToVirtualizedOperation(key: string[]): void };
      }
      (window as unknown as { ui: Viewer }).ui.layoutActions.scrollToVirtualizedOperation(key);
    },
    ['operations', tag, operationId],
  );
  const operation = page.locator(`#operations-${tag}-${operationId}`);
  await operation.waitFor();
  return operation;
}

/** Whether `text` holds `label` as whole words ("Cancel" is not in "Cancelar"). */
function shows(text: string, label: string): boolean {
  return new RegExp(`(^|[^\\p{L}])${label}($|[^\\p{L}])`, 'u').test(text);
}

describe('/api/docs', () => {
  it('shows every operation of /api/openapi.json, under the strict CSP, and calls the API with a token', async () => {
    const doc = (await (await fetch(`${suite.server.url}/api/openapi.json`)).json()) as Doc;
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBeGreaterThan(80);

    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(suite.server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${suite.server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor();
    // The viewer renders tag sections as they come into view: count what it parsed, by tag.
    const listed = await page.evaluate(() => {
      interface Tagged {
        forEach(fn: (tag: { get(key: 'operations'): { size: number } }) => void): void;
      }
      const ui = (window as unknown as { ui: { specSelectors: { taggedOperations(): Tagged } } }).ui;
      let n = 0;
      ui.specSelectors.taggedOperations().forEach((tag) => (n += tag.get('operations').size));
      return n;
    });
    expect(listed).toBe(operations);
    await page.getByRole('heading', { name: /Talkbase API/ }).waitFor();
    await screenshot(page, 'api-docs');

    // Swagger UI's own labels are in Portuguese (issue 39): an operation expanded, with try-it-out open.
    const accounts = await reveal(page, 'account', 'getApiAccount');
    const create = await reveal(page, 'account', 'postApiAccount');
    for (const operation of [accounts, create]) {
      await operation.locator('.opblock-summary').click();
      await operation.locator('.try-out__btn').click();
    }
    await create.locator('.body-param__text').waitFor();
    const viewer = page.locator('#swagger-ui');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    const shown = await viewer.innerText();
    const portuguese = [
      'Parâmetros',
      'Sem parâmetros',
      'Nome',
      'Descrição',
      'Cancelar',
      'Executar',
      'Corpo da requisição',
      'Respostas',
      'Código',
      'Sem links',
      'Tipo de mídia',
      'Exemplo',
      'Esquema',
      'Autorizar',
      'Servidores',
    ];
    expect(portuguese.filter((label) => !shown.includes(label))).toEqual([]);
    const english = [
      'Parameters',
      'Try it out',
      'Cancel',
      'Execute',
      'Responses',
      'Request body',
      'Example Value',
      'No parameters',
      'No links',
      'Media type',
      'Controls',
      'Description',
      'Authorize',
      'Servers',
      'Schemas',
    ];
    expect(english.filter((label) => shows(shown, label))).toEqual([]);
    // Labels read aloud or shown on hover, and the one Swagger UI's stylesheet writes ("required").
    const attributes = await viewer.evaluate((root) =>
      [...root.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((el) =>
        ['title', 'aria-label', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
      ),
    );
    expect(attributes).toContain('Copiar o caminho');
    expect(
      attributes.filter((label) =>
        /^(Copy |Collapse operation|Expand operation|authorization button|Media Type)/.test(label),
      ),
    ).toEqual([]);
    const required = create.locator('.opblock-title.parameter__name.required');
    expect(await required.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"obrigatório"');
    await accounts.evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'api-docs-pt');

    // Authorize with a real token, then try GET /api/account (an admin call) from the page.
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Autorizar' }).first().click();
    await page.getByLabel('Token (Bearer)').fill(token);
    await page.locator('.modal-ux').getByRole('button', { name: 'Aplicar credenciais' }).click();
    await page.locator('.modal-ux').getByRole('button', { name: 'Fechar' }).click();
    // Back to the operation: the viewer may have let it go while the page's top was shown.
    await reveal(page, 'account', 'getApiAccount');
    await accounts.getByRole('button', { name: 'Executar' }).click();
    await accounts.locator('.live-responses-table tbody .response-col_status').first().waitFor();
    await expect
      .poll(() => accounts.locator('.live-responses-table tbody .response-col_status').first().innerText())
      .toMatch(/^200/);
    const answered = await accounts.innerText();
    const answerLabels = [
      'Limpar',
      'Comando cURL',
      'URL da requisição',
      'Resposta do servidor',
      'Detalhes',
      'Corpo da resposta',
      'Baixar',
      'Cabeçalhos da resposta',
    ];
    expect(answerLabels.filter((label) => !answered.includes(label))).toEqual([]);
    const answerEnglish = [
      'Clear',
      'Curl',
      'Request URL',
      'Server response',
      'Details',
      'Response body',
      'Download',
      'Response headers',
    ];
    expect(answerEnglish.filter((label) => shows(answered, label))).toEqual([]);
    await accounts.locator('.responses-wrapper').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'api-docs-try-it');

    expect(problems.filter((p) => /Content.Security.Policy|Refused/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});

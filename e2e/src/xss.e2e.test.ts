import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompanyMenu, MenuNode } from '@talkbase/domain/contracts/menus';
import type { RoomDetail, RoomSummary } from '@talkbase/domain/contracts/rooms';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { signInByApi, suiteApi } from './api.ts';
import { newContext, screenshot } from './browser.ts';
import { seedSession } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { ShellPage } from './pages/shell-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

/**
 * Issue 19 item 6, stored XSS in Chromium: payloads stored through the API, then every screen that
 * renders them opened as the administrator and, where a normal user sees them, as one. On every
 * screen: no payload ran (each calls `window.__xss(n)`, a binding into the test, or opens a dialog),
 * none was turned down by the Content-Security-Policy (it blocks inline handlers and scripts, so a
 * payload rendered as HTML would be blocked rather than run: the blocked attempt is reported to the
 * test), and no element a payload would make exists in the page. Each kind of text is also found
 * shown as text. Each page proves its hooks first with a script that runs and with HTML put in.
 * - Record text values, subject and attribute names: grid, form, timeline, attachments, search,
 *   the subject's own grid and the subjects list.
 * - Template aliases (templateAreaName) and names: a custom grid template and its related edition
 *   form (group legends, field labels): the templates list, the template editor, the grid's column
 *   headers and the form, as the administrator and, through a menu leaf, as a normal user.
 * - Tag names (and their filters' names): the tags list, the tag editor, the chips on the grid and
 *   the form, the grid's tag filter options (administrator and normal user), the automation editor.
 * - Menu names (company menu items): the side menu (administrator and normal user), the menu
 *   builder and its item panel, the room form's menu matrix.
 * - Notification texts (name, description, title and message, with a record variable holding a
 *   payload): the notifications list and form, the room form's matrix, the profile's matrix and the
 *   inbox (normal user, filled live, and administrator), the automation editor.
 * - File names (payloads without '/'; multipart, or JSON where multipart would escape a '"'): the
 *   attachments screen and the form's file field (administrator and normal user), the grid, the
 *   timeline.
 */

const suite = useSuite({ SEED: 'demo' });

const PAYLOADS = [
  '<img src=x onerror="window.__xss(1)">',
  '<svg onload="window.__xss(2)"></svg>',
  '"><script>window.__xss(3)</script>',
  "'><img src=x onerror=alert(4)>",
  'javascript:window.__xss(5)',
  '${window.__xss(6)} {{constructor.constructor("window.__xss(7)")()}}',
  '<a href="javascript:window.__xss(8)">clique</a>',
  '<iframe srcdoc="<script>parent.__xss(9)</script>"></iframe>',
];

const { ok: api } = suiteApi(suite);

/**
 * Records every script execution the payloads could cause on this page, and every inline handler
 * or script the Content-Security-Policy blocked (a payload rendered as HTML is blocked before it
 * runs: it is seen all the same).
 */
async function watch(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.exposeBinding('__xss', (_source, n: unknown) => {
    ran.push(`__xss(${String(n)}) on ${page.url()}`);
  });
  await page.exposeBinding('__blocked', (_source, what: unknown) => {
    ran.push(`blocked by the CSP: ${String(what)} on ${page.url()}`);
  });
  // Every refusal counts: inline scripts and handlers a payload would be, and any eval (the web
  // app runs zod jitless, so nothing of ours evaluates text).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __blocked: (what: string) => Promise<void> }).__blocked;
      void report(`${e.effectiveDirective} ${e.sample}`);
    });
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss();
  });
  return ran;
}

/** Elements a payload would have made had it been rendered as HTML. */
const INJECTED = [
  'img[src="x"]',
  '[onerror]',
  '[onload]',
  'iframe[srcdoc]',
  'a[href^="javascript:" i]',
  'script:not([src])',
].join(', ');

/** No payload became markup on the page. */
async function noneInjected(page: Page): Promise<void> {
  const found = await page.locator(INJECTED).evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)));
  expect(found).toEqual([]);
}

/** A valid PDF's opening bytes: the content must match the extension. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function logIn(email: string, password: string): Promise<{ token: string; accountId: number }> {
  const res = await fetch(`${suite.server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { accountId: number } };
  return { token: body.token, accountId: body.user.accountId };
}

/** Signs in (through the API) with the hook already installed: nothing renders unwatched. */
async function watchedSignIn(email: string, password: string, path: string) {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  const ran = await watch(page);
  await seedSession(page, suite.server, email, password);
  await page.goto(`${suite.server.url}${path}`);
  await new ShellPage(page).waitUntilReady();
  // The hooks work on this page (then what they saw is forgotten): a script that runs is seen;
  // a payload put into the page as HTML is blocked by the CSP, seen blocked and found as markup.
  await page.evaluate(() => (window as unknown as { __xss(n: string): Promise<void> }).__xss('sonda'));
  expect(ran).toEqual([`__xss(sonda) on ${page.url()}`]);
  await page.evaluate((html) => {
    const probe = document.createElement('div');
    probe.id = 'xss-probe';
    probe.innerHTML = html;
    document.body.append(probe);
  }, PAYLOADS[0] ?? '');
  await expect.poll(() => ran.some((r) => r.startsWith('blocked by the CSP'))).toBe(true);
  await expect(noneInjected(page)).rejects.toThrow();
  await page.evaluate(() => document.getElementById('xss-probe')?.remove());
  await noneInjected(page);
  ran.length = 0;
  return { context, page, ran };
}

/** Each text is shown, as text, in a visible element. */
async function shown(page: Page, texts: readonly string[]): Promise<void> {
  for (const text of texts)
    await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  await noneInjected(page);
}

async function openAt(page: Page, path: string, text: string): Promise<void> {
  await page.goto(`${suite.server.url}${path}`);
  await shown(page, [text]);
}

const sorted = (list: readonly string[]) => [...list].sort();

/** A grid row carries every tag as a chip. */
async function chipsShown(grid: GridPage, talkId: number, names: readonly string[]): Promise<void> {
  await expect
    .poll(async () => sorted(await grid.row(talkId).locator('.tag-chip').allTextContents()), {
      timeout: 15_000,
    })
    .toEqual(sorted(names));
}

/** The record form carries every tag as a chip. */
async function chipsInFormShown(page: Page, names: readonly string[]): Promise<void> {
  const chips = page.getByRole('list', { name: 'Tags' }).locator('.tag-chip');
  await expect
    .poll(async () => sorted(await chips.allTextContents()), { timeout: 15_000 })
    .toEqual(sorted(names));
}

/** The grid's tag filter offers every tag by name. */
async function tagPickerShown(page: Page, names: readonly string[]): Promise<void> {
  await page.getByPlaceholder('Filtrar por tag').click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).waitFor();
  await noneInjected(page);
  await page.keyboard.press('Escape');
}

describe('stored XSS (issue 19 item 6)', () => {
  it('runs no stored payload in the grid, form, timeline, attachments, search and subject screens', async () => {
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ids: number[] = [];
    const client = (
      await api<{ itens: { talkId: number }[] }>(token, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })
    ).itens[0]?.talkId;
    for (const [i, payload] of PAYLOADS.entries()) {
      const created = await api<{ resourceId: number }>(token, 'POST', '/api/talk/chamado', {
        talkValues: [
          { subjectAttributeIdentifier: 'titulo', value: `Ataque ${i} ${payload}` },
          { subjectAttributeIdentifier: 'cliente', value: client },
          { subjectAttributeIdentifier: 'solicitante', value: payload },
          { subjectAttributeIdentifier: 'descricao', value: `${payload}\n${payload}` },
        ],
      });
      ids.push(created.resourceId);
    }
    const last = ids.at(-1) ?? 0;

    // Subject and attribute names: a subject of its own, named with payloads, with one record.
    await api(token, 'POST', '/api/subject', {
      identifier: 'xss',
      name: `Sujeito ${PAYLOADS[0] ?? ''}`,
      attributes: [
        { identifier: 'nome', name: `Nome ${PAYLOADS[1] ?? ''}`, componentId: 1, isOrderable: true },
        { identifier: 'obs', name: `Obs ${PAYLOADS[2] ?? ''}`, componentId: 1 },
      ],
    });
    await api(token, 'POST', '/api/talk/xss', {
      talkValues: [
        { subjectAttributeIdentifier: 'nome', value: PAYLOADS[3] },
        { subjectAttributeIdentifier: 'obs', value: PAYLOADS[7] },
      ],
    });

    const { context, page, ran } = await watchedSignIn(ADMIN_EMAIL, ADMIN_PASSWORD, '/');
    const open = async (path: string, text: RegExp | string) => {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByText(text).first().waitFor({ timeout: 15_000 });
      await noneInjected(page);
    };
    await open('/context/grid/chamado', /Ataque 7/);
    await screenshot(page, 'xss-grid');
    await open(`/context/form/chamado/${last}`, /Título/);
    await screenshot(page, 'xss-form');
    await open(`/context/timeline/chamado/${last}`, /Ataque 7|Hist/);
    await open(`/context/attachments/chamado/${last}`, /Anexos/);
    await open(`/search?q=${encodeURIComponent('Ataque')}`, /Ataque/);
    await screenshot(page, 'xss-search');
    for (const id of ids.slice(0, 3)) await open(`/context/form/chamado/${id}`, /Título/);
    await open('/context/grid/xss', /Nome <svg/);
    await screenshot(page, 'xss-subject-grid');
    await open('/config/subjects', /Sujeito/);
    await screenshot(page, 'xss-subjects');
    // The payload text is shown as text.
    await open('/context/grid/chamado', /Ataque 0/);
    expect(await page.getByText('<img src=x onerror="window.__xss(1)">').count()).toBeGreaterThan(0);
    expect(ran).toEqual([]);
    await context.close();
  }, 90_000);

  it('runs no stored payload in template aliases, tag, menu and notification texts and file names', async () => {
    const admin = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = admin.token;
    const chamado = await api<Subject>(token, 'GET', '/api/subject/chamado');
    const attr = (identifier: string) => {
      const found = chamado.subjectAttributes.find((a) => a.subjectAttributeIdentifier === identifier);
      if (!found) throw new Error(`chamado sem o atributo ${identifier}`);
      return found.subjectAttributeId;
    };
    const p = (i: number) => PAYLOADS[i] ?? '';
    /** Payloads that are valid file names (no '/'). */
    const fileable = PAYLOADS.filter((payload) => !payload.includes('/'));
    expect(fileable.length).toBeGreaterThanOrEqual(4);

    // ---- tags: one per payload that fits a tag name (50), on the tickets titled 'XSS marcado…' ----
    const tagNames = PAYLOADS.filter((payload) => payload.length <= 50);
    const tagIds: number[] = [];
    for (const name of tagNames) {
      const { tagId } = await api<{ tagId: number }>(token, 'POST', '/api/tag', {
        tagName: name,
        tagColor: '#1f6f8b',
        tagFilters: [
          {
            filterName: `Filtro ${name}`,
            subject: 'chamado',
            filter: {
              condition: 'E',
              rules: [{ attribute: 'titulo', operator: 'begins_with', value: 'XSS marcado' }],
            },
          },
        ],
      });
      tagIds.push(tagId);
    }

    // ---- records, one file each (the attribute takes one), named with a payload
    const client = (
      await api<{ itens: { talkId: number }[] }>(token, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })
    ).itens[0]?.talkId;
    const records: number[] = [];
    for (const [i, name] of fileable.entries()) {
      const { resourceId } = await api<{ resourceId: number }>(token, 'POST', '/api/talk/chamado', {
        talkValues: [
          { subjectAttributeIdentifier: 'titulo', value: `XSS marcado ${i} ${p(2)}` },
          { subjectAttributeIdentifier: 'cliente', value: client },
        ],
      });
      records.push(resourceId);
      const url = `/api/value/file/chamado/${resourceId}/${attr('anexos')}`;
      const fileName = `${name}.pdf`;
      let stored: { files: { name: string }[] };
      // Multipart bodies escape '"' in a file name as %22 (as browsers do): those names go as JSON.
      if (name.includes('"')) {
        stored = await api(token, 'POST', url, { files: [{ name: fileName, data: PDF.toString('base64') }] });
      } else {
        const form = new FormData();
        form.append('files', new Blob([PDF], { type: 'application/pdf' }), fileName);
        const res = await fetch(`${suite.server.url}${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
        stored = (await res.json()) as typeof stored;
      }
      expect(stored.files.map((f) => f.name)).toEqual([fileName]);
    }
    const record = records[0] ?? 0;
    const fileNames = fileable.map((name) => `${name}.pdf`);

    // ---- templates: an edition form with payload group legends and labels, related to a custom grid
    const form = await api<{ templateId: number }>(token, 'POST', '/api/template', {
      templateName: p(6),
      subjectId: 'chamado',
      templateType: 6,
      templateAreas: [
        {
          templateAreaName: p(7),
          order: 0,
          widgetId: 1,
          templateAreasMap: [
            { subjectAttributeId: attr('titulo'), templateAreaName: p(0), order: 0, widgetId: 1 },
            { subjectAttributeId: attr('solicitante'), templateAreaName: p(3), order: 1, widgetId: 1 },
          ],
        },
        {
          templateAreaName: p(2),
          order: 1,
          widgetId: 1,
          templateAreasMap: [
            { subjectAttributeId: attr('descricao'), templateAreaName: p(5), order: 0, widgetId: 1 },
            { subjectAttributeId: attr('anexos'), templateAreaName: p(4), order: 1, widgetId: 1 },
            { subjectAttributeId: attr('cliente'), templateAreaName: p(1), order: 2, widgetId: 1 },
          ],
        },
      ],
    });
    const gridAliases: [string, string][] = [
      ['titulo', p(0)],
      ['situacao', p(1)],
      ['prioridade', p(2)],
      ['solicitante', p(3)],
      ['anexos', p(4)],
      ['descricao', p(5)],
      ['abertura', p(6)],
      ['cliente', p(7)],
    ];
    const custom = await api<{ templateId: number }>(token, 'POST', '/api/template', {
      templateName: p(5),
      subjectId: 'chamado',
      templateType: 7,
      relatedTemplateIds: [form.templateId],
      templateAreas: gridAliases.map(([identifier, alias], order) => ({
        subjectAttributeId: attr(identifier),
        templateAreaName: alias,
        order,
        widgetId: 1,
      })),
    });

    // ---- notifications: payload names, descriptions, titles and messages; one names a record value
    const withRecord = await api<{ notificationId: number }>(token, 'POST', '/api/notification', {
      notificationName: p(0),
      notificationDescription: p(7),
      subjectId: chamado.subjectId,
      titleTemplate: p(5),
      messageTemplate: `${p(1)} ${p(6)} — \${titulo}`,
      notificationChannels: [{ channelId: 1, isRequired: false }],
    });
    const plain = await api<{ notificationId: number }>(token, 'POST', '/api/notification', {
      notificationName: p(3),
      notificationDescription: p(1),
      titleTemplate: `${p(0)} ${p(4)}`,
      messageTemplate: `${p(2)} ${p(3)} ${p(7)}`,
      notificationChannels: [{ channelId: 1, isRequired: false }],
    });

    // ---- the company menu: a parent and leaves named with payloads, leading to the custom template
    const leaf = (name: string) => ({
      Name: name,
      Subject: 'chamado',
      Scenario: 'grid',
      Icon: 'article',
      TemplateId: custom.templateId,
      Filters: [],
      Menus: [],
    });
    const { companyId } = await api<CompanyMenu>(token, 'GET', '/api/presentation/menu/all/?scope=company');
    const menu = await api<CompanyMenu>(token, 'PUT', `/api/presentation/menu/${companyId}`, {
      Menus: [
        {
          Name: p(5),
          Subject: null,
          Scenario: null,
          Icon: 'folder',
          TemplateId: null,
          Filters: null,
          Menus: [p(0), p(1), p(2), p(3)].map(leaf),
        },
        ...[p(4), p(6), p(7)].map(leaf),
      ],
    });
    const menuIds: number[] = [];
    const collect = (nodes: MenuNode[]) => {
      for (const node of nodes) {
        menuIds.push(node.Id);
        collect(node.Menus);
      }
    };
    collect(menu.Menus);
    expect(menuIds).toHaveLength(8);

    // ---- a normal user in a room that works tickets as the demo's support room, given the menu ----
    const rooms = await api<{ itens: RoomSummary[] }>(
      token,
      'GET',
      '/api/room?page=1&fetch=100&term=Atendimento',
    );
    const support = await api<RoomDetail>(token, 'GET', `/api/room/${rooms.itens[0]?.roomId ?? 0}`);
    const { roomId } = await api<{ roomId: number }>(token, 'POST', '/api/room', {
      roomName: 'Leitura XSS',
      displayName: 'Leitura XSS',
      permissions: {
        subjects: support.subjects,
        menus: menuIds.map((resourceId) => ({ resourceId, actions: ['read'] })),
      },
    });
    const person = { email: `leitura.${Date.now()}@talkbase.test`, password: 'Leitura-senha-forte-2024' };
    await api(token, 'POST', '/api/account/', {
      accountType: 1,
      firstName: 'Lia',
      lastName: 'Leitura',
      displayName: 'Lia',
      email: person.email,
      phoneNumber: '11999990000',
      roomId,
      isAdmin: false,
      password: person.password,
    });
    const user = await logIn(person.email, person.password);

    // ---- an automation that sets a payload tag and sends a payload notification (never runs) ----
    const job = await api<{ jobId: number }>(token, 'POST', '/api/job', {
      name: 'Automação XSS',
      events: [
        {
          steps: [
            {
              eventStepType: 5,
              subjectId: chamado.subjectId,
              filterName: 'Nunca',
              filter: {
                condition: 'E',
                rules: [{ attribute: 'titulo', operator: 'equal', value: 'nunca-zz-99' }],
              },
            },
          ],
        },
      ],
      works: [
        {
          steps: [
            { workStepType: 'SetTalkTag', configs: [{ tagId: tagIds[0] }] },
            {
              workStepType: 'Notification',
              configs: [
                {
                  notificationId: withRecord.notificationId,
                  receivers: [{ receiverId: user.accountId, receiverType: 'account' }],
                },
              ],
            },
          ],
        },
      ],
    });

    // ======== the normal user: the inbox fills live, then the side menu, grid, form, attachments ====
    const reader = await watchedSignIn(person.email, person.password, '/notifications');
    const inbox = reader.page;
    await inbox.getByRole('heading', { name: 'Notificações', level: 1 }).waitFor();
    await inbox.getByText('Nenhum registro encontrado').waitFor();
    for (const n of [withRecord, plain]) {
      await api(token, 'POST', `/api/notification/${n.notificationId}/send`, {
        accountIds: [user.accountId, admin.accountId],
        ...(n === withRecord ? { talkId: record } : {}),
      });
    }
    // Titles, messages and the record's title (a payload) through ${titulo}.
    await shown(inbox, [p(5), p(1), p(6), `XSS marcado 0 ${p(2)}`, `${p(0)} ${p(4)}`, p(7)]);
    await screenshot(inbox, 'xss-inbox-user');

    // The side menu: every item, the parent open.
    const sideMenu = inbox.getByRole('navigation', { name: 'Menu principal' });
    for (const name of [p(5), p(0), p(1), p(2), p(3), p(4), p(6), p(7)])
      await sideMenu.getByText(name, { exact: true }).first().waitFor();
    // A leaf opens the grid with the custom template: its aliases head the columns, tags are chips.
    await sideMenu.getByRole('link', { name: p(0), exact: true }).click();
    const userGrid = new GridPage(inbox, 'Chamado');
    await userGrid.waitForRows();
    expect(new URL(inbox.url()).searchParams.get('template')).toBe(String(custom.templateId));
    await shown(inbox, [...gridAliases.map(([, alias]) => alias)]);
    await chipsShown(userGrid, record, tagNames);
    await screenshot(inbox, 'xss-grid-user');
    await tagPickerShown(inbox, tagNames);

    await openAt(inbox, `/context/form/chamado/${record}?template=${custom.templateId}`, p(7));
    await shown(inbox, [p(7), p(2), p(0), p(3), p(4), p(1), fileNames[0] ?? '']);
    await chipsInFormShown(inbox, tagNames);
    await openAt(inbox, `/context/attachments/chamado/${records[1] ?? 0}`, fileNames[1] ?? '');
    await openAt(inbox, '/usuario', 'Informações do usuário');
    await shown(inbox, [p(0), p(3)]);
    await reader.context.close();

    // ======== the administrator ====================================================================
    const { context, page, ran } = await watchedSignIn(ADMIN_EMAIL, ADMIN_PASSWORD, '/');
    const sideAdmin = page.getByRole('navigation', { name: 'Menu principal' });
    for (const name of [p(5), p(0), p(4), p(7)])
      await sideAdmin.getByText(name, { exact: true }).first().waitFor();
    await screenshot(page, 'xss-side-menu');

    // Templates: the list, the editor (aliases, the related form's name), the grid, the form.
    await openAt(page, '/config/templates/custom', p(5));
    await openAt(page, `/config/templates/editor/custom/${custom.templateId}`, p(0));
    await page.getByTestId('template-selected').waitFor();
    await shown(page, [...gridAliases.map(([, alias]) => alias), p(6)]);
    await screenshot(page, 'xss-template-editor');
    const grid = new GridPage(page, 'Chamado');
    await grid.open(suite.server.url, `/context/grid/chamado?template=${custom.templateId}`);
    await shown(page, [...gridAliases.map(([, alias]) => alias), ...fileNames]);
    await chipsShown(grid, record, tagNames);
    await screenshot(page, 'xss-template-grid');
    await openAt(page, `/context/form/chamado/${record}?template=${custom.templateId}`, p(7));
    await shown(page, [p(7), p(2), p(0), p(3), p(5), p(4), p(1), fileNames[0] ?? '']);
    await chipsInFormShown(page, tagNames);
    await screenshot(page, 'xss-template-form');

    // Tags: the list, the editor, the grid's filter.
    await openAt(page, '/tags/list/', p(0));
    await shown(page, tagNames);
    await screenshot(page, 'xss-tags-list');
    for (const [i, tagId] of tagIds.entries()) {
      await openAt(page, `/tags/editor/${tagId}`, `Filtro ${tagNames[i] ?? ''}`);
      await expect.poll(() => page.getByRole('textbox', { name: 'Texto' }).inputValue()).toBe(tagNames[i]);
    }
    await grid.open(suite.server.url, '/context/grid/chamado');
    await chipsShown(grid, record, tagNames);
    await tagPickerShown(page, tagNames);

    // The menu builder, its item panel; the room form's menu and notification matrices.
    await openAt(page, '/config/menu', p(7));
    const tree = page.getByRole('list', { name: 'Itens do menu' });
    for (const name of [p(5), p(0), p(1), p(2), p(3), p(4), p(6), p(7)])
      await tree.getByText(name, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: `Editar ${p(3)}`, exact: true }).click();
    const panel = page.getByRole('region', { name: 'Edição do item' });
    await expect.poll(() => panel.getByRole('textbox', { name: 'Nome' }).inputValue()).toBe(p(3));
    await screenshot(page, 'xss-menu-builder');
    await openAt(page, `/config/access_profile/room/${roomId}`, p(6));
    await shown(page, [p(5), p(0), p(1), p(2), p(3), p(4), p(6), p(7)]);
    await page.getByRole('table', { name: 'Notificações' }).getByText(p(0)).first().waitFor();
    await page.getByRole('table', { name: 'Notificações' }).getByText(p(3)).first().waitFor();

    // Notifications: the list, the form, the administrator's own inbox and profile.
    await openAt(page, '/config/notifications', p(0));
    await shown(page, [p(0), p(3)]);
    await screenshot(page, 'xss-notifications-list');
    await openAt(page, `/config/notifications/form/${withRecord.notificationId}`, 'Mensagem');
    await expect.poll(() => page.getByRole('textbox', { name: 'Nome' }).inputValue()).toBe(p(0));
    expect(await page.getByRole('textbox', { name: 'Título' }).inputValue()).toBe(p(5));
    await openAt(page, '/notifications', p(5));
    await shown(page, [p(5), p(1), p(6), `${p(0)} ${p(4)}`, p(7)]);
    await openAt(page, '/usuario', 'Informações do usuário');
    await shown(page, [p(0), p(3)]);

    // The automation editor: the tag and the notification of its actions, and their options.
    await openAt(page, `/automation/editor/${job.jobId}`, 'Então faça...');
    await page.getByRole('button', { name: 'Editar Ação 1', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Tag' }).inputValue()).toBe(tagNames[0]);
    await page.getByRole('combobox', { name: 'Tag' }).click();
    for (const name of tagNames) await page.getByRole('option', { name, exact: true }).waitFor();
    await noneInjected(page);
    await screenshot(page, 'xss-automation-tag');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Concluir etapa' }).click();
    await page.getByRole('button', { name: 'Editar Ação 2', exact: true }).click();
    const pick = page.getByRole('combobox', { name: 'Notificação' });
    await expect.poll(() => pick.inputValue()).toBe(p(0));
    await pick.click();
    for (const name of [p(0), p(3)]) await page.getByRole('option', { name, exact: true }).waitFor();
    await noneInjected(page);
    await page.keyboard.press('Escape');

    // File names: every record's attachments, the timeline of one.
    for (const [i, id] of records.entries())
      await openAt(page, `/context/attachments/chamado/${id}`, fileNames[i] ?? '');
    await screenshot(page, 'xss-attachments');
    await openAt(page, `/context/timeline/chamado/${records.at(-1) ?? 0}`, fileNames.at(-1) ?? '');
    await screenshot(page, 'xss-timeline-file');

    expect([...reader.ran, ...ran]).toEqual([]);
    await context.close();
  }, 180_000);

  it('serves index.html with a Content-Security-Policy that allows no inline script', async () => {
    const res = await fetch(`${suite.server.url}/`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo', SLA_CHECK_MS: '500' });
const { ok: api } = suiteApi(suite);

async function bothModes(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== mode) {
      await page.keyboard.press('Alt+g');
      await page.locator(`html[data-mantine-color-scheme="${mode}"]`).waitFor({ state: 'attached' });
    }
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${mode === 'light' ? 'day' : 'night'}`);
  }
  await page.keyboard.press('Alt+g');
  await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });
}

describe('service levels', { timeout: 240_000 }, () => {
  it('an administrator sets a calendar and a policy on the screen, and reads the compliance report', async () => {
    const { page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD, '/config/sla');
    await page.getByRole('heading', { name: 'Níveis de serviço (SLA)' }).waitFor();
    await page.getByText('Nenhum calendário cadastrado').waitFor();
    await bothModes(page, 'sla-empty');

    // A calendar of every hour of every day.
    await page.getByRole('button', { name: 'Novo calendário' }).click();
    const calendar = page.getByRole('dialog', { name: 'Novo calendário' });
    await calendar.getByRole('textbox', { name: 'Nome' }).fill('24 horas');
    for (const day of [
      'Domingo',
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
    ])
      await calendar.getByRole('textbox', { name: day, exact: true }).fill('00:00-24:00');
    await calendar.getByRole('textbox', { name: 'Feriados da empresa' }).fill('24/12/2026\n31/12/2026');
    await bothModes(page, 'sla-calendar-form');
    await calendar.getByRole('button', { name: 'Salvar' }).click();
    await calendar.waitFor({ state: 'detached' });
    await page.getByText('24 horas', { exact: true }).waitFor();

    // A policy with a one-minute first response.
    await page.getByRole('button', { name: 'Nova política' }).click();
    const policy = page.getByRole('dialog', { name: 'Nova política' });
    await policy.getByRole('textbox', { name: 'Nome' }).fill('Urgente');
    await policy.getByRole('textbox', { name: 'Primeira resposta (minutos úteis)' }).fill('1');
    await policy.getByRole('textbox', { name: 'Resolução (minutos úteis)' }).fill('240');
    await bothModes(page, 'sla-policy-form');
    await policy.getByRole('button', { name: 'Salvar' }).click();
    await policy.waitFor({ state: 'detached' });
    await page.getByText('1ª resposta: 1 min · resolução: 4 h').waitFor();
    await bothModes(page, 'sla-config');

    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const saved = await api<{ itens: { name: string; firstResponseMinutes: number }[] }>(
      admin,
      'GET',
      '/api/sla/policy',
    );
    expect(saved.itens).toEqual([expect.objectContaining({ name: 'Urgente', firstResponseMinutes: 1 })]);

    await page.getByRole('link', { name: 'Relatório de cumprimento' }).click();
    await page.getByRole('heading', { name: 'Cumprimento de SLA' }).waitFor();
    await page.getByText('Nenhum prazo encerrado ou vencido no período.').waitFor();
    await bothModes(page, 'sla-report');
  });

  it('the grid counts a ticket down and an automation fires on "SLA em risco"', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const chamado = await api<{
      subjectId: number;
      subjectAttributes: { subjectAttributeId: number; identifier: string }[];
    }>(admin, 'GET', '/api/subject/chamado');
    const descricao = chamado.subjectAttributes.find((a) => a.identifier === 'descricao')?.subjectAttributeId;
    if (!descricao) throw new Error('the demo has no chamado.descricao');
    await api(admin, 'POST', '/api/job', {
      name: 'Escalar SLA em risco',
      events: [
        {
          name: 'Evento',
          steps: [
            {
              eventStepType: 11,
              subjectId: chamado.subjectId,
              filterName: 'Todos',
              filter: { condition: 'E', rules: [] },
            },
          ],
        },
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Marcar',
              configs: [
                {
                  subjectId: chamado.subjectId,
                  subjectAttributeId: descricao,
                  value: 'Escalado: SLA em risco',
                  setAttributeValueType: 1,
                },
              ],
            },
          ],
        },
      ],
    });
    const client = (await api<PagedTalks>(admin, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })).itens[0];
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Impressora fiscal zumbizando' },
        { subjectAttributeIdentifier: 'cliente', value: client?.talkId },
        { subjectAttributeIdentifier: 'solicitante', value: 'Carlos Cliente' },
      ],
    });
    const id = created.resourceId;

    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/context/grid/chamado',
    );
    const grid = new GridPage(page, 'Chamado');
    await grid.waitForRows();
    await page.getByPlaceholder('Pesquisar…').fill('zumbizando');
    const chip = grid.row(id).locator('.sla-chip');
    await chip.waitFor({ timeout: 20_000 });
    expect(await chip.getAttribute('aria-label')).toMatch(/^SLA de primeira resposta: /);
    // The chip sits in the row's closing cell, beside its tags.
    await chip.scrollIntoViewIfNeeded();
    await bothModes(page, 'sla-grid');

    // 80 % of the minute: the automation wrote on the ticket.
    await expect
      .poll(
        async () => {
          const talk = await api<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>(
            admin,
            'GET',
            `/api/talk/chamado/${id}`,
          );
          return talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'descricao')?.value;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('Escalado: SLA em risco');
    // The minute past, the chip turns late.
    await expect.poll(() => chip.textContent(), { timeout: 120_000, interval: 1000 }).toMatch(/^Vencido /);
    await chip.scrollIntoViewIfNeeded();
    await bothModes(page, 'sla-grid-late');

    // The late first response counts in this month's compliance.
    await page.goto(`${suite.server.url}/config/sla/report`);
    const row = page.getByRole('row', { name: /Urgente Primeira resposta 0 1 0 %/ });
    await row.waitFor();
    await bothModes(page, 'sla-report-data');
  });
});

import { describe, expect, it } from 'vitest';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo', SLA_CHECK_MS: '500' });
const { ok: api } = suiteApi(suite);

/** Waits, like an escalation, for "SLA em risco" on the tickets: it writes on the ticket's description. */
async function escalation(admin: string): Promise<void> {
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
}

type Talk = {
  talkId: number;
  version: number;
  talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
};

/** The state of a ticket's first-response clock on the server ('running', 'breached'…), if any. */
async function firstResponse(admin: string, talkId: number): Promise<string | undefined> {
  const answer = await api<{ states: { clocks: { target: string; state: string }[] }[] }>(
    admin,
    'GET',
    `/api/sla/state?subject=chamado&ids=${talkId}`,
  );
  return answer.states[0]?.clocks.find((c) => c.target === 'firstResponse')?.state;
}

describe('service levels', { timeout: 240_000 }, () => {
  it('an administrator sets a calendar and a policy on the screen, and reads the compliance report', async () => {
    // The escalation is there before the policy: the demo's open tickets, older than its target,
    // fall due as soon as the policy takes them in.
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await escalation(admin);

    const { page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD, '/config/sla');
    await page.getByRole('heading', { name: 'Níveis de serviço (SLA)' }).waitFor();
    await page.getByText('Nenhum calendário cadastrado').waitFor();
    await bothModes(page, 'sla-empty');
    await page.getByRole('link', { name: 'Relatório de cumprimento' }).click();
    await page.getByRole('heading', { name: 'Cumprimento de SLA' }).waitFor();
    await page.getByText('Nenhum prazo encerrado ou vencido no período.').waitFor();
    await bothModes(page, 'sla-report');
    await page.goBack();
    await page.getByRole('heading', { name: 'Níveis de serviço (SLA)' }).waitFor();

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

    const saved = await api<{ itens: { name: string; firstResponseMinutes: number }[] }>(
      admin,
      'GET',
      '/api/sla/policy',
    );
    expect(saved.itens).toEqual([expect.objectContaining({ name: 'Urgente', firstResponseMinutes: 1 })]);
  });

  it('the grid counts tickets down, and an automation fires on "SLA em risco"', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const client = (await api<PagedTalks>(admin, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })).itens[0];
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Impressora fiscal zumbizando' },
        { subjectAttributeIdentifier: 'cliente', value: client?.talkId },
        { subjectAttributeIdentifier: 'solicitante', value: 'Carlos Cliente' },
      ],
    });
    const fresh = created.resourceId;

    // A demo ticket, open since before the policy came and older than its minute: the policy took it
    // in when it was saved, "SLA em risco" and "SLA violado" went out, and the escalation wrote on it.
    const found: { late?: Talk } = {};
    await expect
      .poll(
        async () => {
          const escalated = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
            fetch: 5,
            filterJson: { attribute: 'descricao', operator: 'equal', value: 'Escalado: SLA em risco' },
          });
          found.late = (escalated.itens as unknown as Talk[]).find((t) => t.talkId !== fresh);
          return found.late?.talkId;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBeDefined();
    const late = found.late;
    if (!late) throw new Error('no escalated ticket');
    // At risk at 80 % of the minute, late at its end (the demo may be younger than a minute).
    await expect
      .poll(() => firstResponse(admin, late.talkId), { timeout: 120_000, interval: 1000 })
      .toBe('breached');

    // The fresh ticket's clocks run (the consumer of the stream may be busy with the demo's pass).
    await expect.poll(() => firstResponse(admin, fresh), { timeout: 60_000, interval: 500 }).toBe('running');

    // The grid: the late one and the fresh one, side by side (a filter on their ids).
    const where = {
      condition: 'OU',
      rules: [late.talkId, fresh].map((id) => ({ attribute: 'id', operator: 'equal', value: id })),
    };
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/context/grid/chamado?where=${encodeURIComponent(JSON.stringify(where))}`,
    );
    const grid = new GridPage(page, 'Chamado');
    await grid.waitForRows();
    const lateChip = grid.row(late.talkId).locator('.sla-chip');
    await expect.poll(() => lateChip.textContent(), { timeout: 20_000 }).toMatch(/^Vencido /);
    expect(await lateChip.getAttribute('aria-label')).toMatch(/^SLA de primeira resposta: vencido /);
    const freshChip = grid.row(fresh).locator('.sla-chip');
    await freshChip.waitFor({ timeout: 20_000 });
    expect(await freshChip.getAttribute('aria-label')).toMatch(
      /^SLA de primeira resposta: (em risco, )?restam /,
    );
    // The countdown has its own column, after the id, fixed at the left edge.
    await page.getByRole('columnheader', { name: 'SLA', exact: true }).waitFor();
    expect(await freshChip.locator('xpath=..').getAttribute('aria-colindex')).toBe('3');
    await bothModes(page, 'sla-grid');

    // The late first responses count in this month's compliance.
    await page.goto(`${suite.server.url}/config/sla/report`);
    const row = page.getByRole('row', { name: /Urgente Primeira resposta 0 [1-9]\d* 0 %/ });
    await row.waitFor();
    await bothModes(page, 'sla-report-data');
  });
});

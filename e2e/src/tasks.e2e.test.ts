import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTask } from '@talkbase/domain/contracts/tasks';
import { signInByApi } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
const suite = useSuite({ SEED: 'demo' });

async function getTask(token: string, id: number): Promise<ApiTask> {
  const res = await fetch(`${suite.server.url}/api/talk/tarefa/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET task ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApiTask;
}

const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notificações' }).getByText(text, { exact: true });

/** Seconds the timer on screen shows (its HH:MM:SS read back). */
async function timerSeconds(timer: Locator): Promise<number> {
  const text = (await timer.textContent()) ?? '';
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** Runs `step` and answers the midpoint of the wall-clock window in which the server acted. */
async function timed(step: () => Promise<void>): Promise<number> {
  const before = Date.now();
  await step();
  return (before + Date.now()) / 2;
}

/** dd/MM/yyyy HH:mm keys of yesterday, 18:00 (the date editor's mask takes the digits). */
function yesterdayKeys(): string {
  const d = new Date(Date.now() - 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}${p(d.getMonth() + 1)}${d.getFullYear()}1800`;
}

describe('the task timer in the browser (issue 13)', () => {
  it('creates a task, asks for the estimates, pauses, resumes, finishes late with reasons, and counts the time worked', async () => {
    const token = await signInByApi(suite.server, AGENT.email, AGENT.password);
    // Nothing runs yet: the active-task scenario says so and offers the fast creation.
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      '/context/activetask/tarefa',
    );
    await page.getByText('Nenhuma tarefa em execução no momento.').waitFor();
    expect(await page.getByRole('button', { name: 'Criar e iniciar' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'active-task-empty');
    await shell.nightMode.click();
    await screenshot(page, 'active-task-empty-night');
    expect(await seriousViolations(page)).toEqual([]);
    await shell.nightMode.click();

    // A new task from its form.
    await page.goto(`${suite.server.url}/context/form/tarefa/add`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    await form.type('Assunto', 'Conferir notas fiscais do mês');
    await form.ok.click();
    await page.waitForURL(/\/context\/talk\/tarefa\/\d+$/);
    const id = Number(/(\d+)$/.exec(pathname(page))?.[1]);
    expect((await getTask(token, id)).task.state).toBe('waiting');

    // Starting without forecast and estimate opens the estimates modal.
    await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
    const estimates = page.getByRole('dialog', { name: 'Estimativas da tarefa' });
    await estimates.waitFor();
    await screenshot(page, 'task-estimates-modal');
    const forecast = estimates.getByLabel('Previsão de término');
    await forecast.click();
    await forecast.pressSequentially(yesterdayKeys(), { delay: 15 });
    const estimate = estimates.getByLabel('Duração estimada');
    await estimate.click();
    await estimate.pressSequentially('000002', { delay: 15 });
    await estimate.blur();
    const started = await timed(async () => {
      await estimates.getByRole('button', { name: 'Salvar e iniciar' }).click();
      await notice(page, `Tarefa #${id} iniciada com sucesso!`).waitFor();
    });
    expect(await shell.noticeTexts()).toContain(
      'Estimativa(s) atualizada(s) com sucesso! Iniciando tarefa...',
    );
    const running = await getTask(token, id);
    expect(running.task).toMatchObject({
      state: 'running',
      status: 'Em Execução',
      estimatedDuration: '00:00:02',
    });

    // The top bar shows the running task; it leads to the active-task scenario.
    const indicator = shell.topBar.getByRole('link', { name: new RegExp(`^Tarefa #${id} em execução`) });
    await indicator.click();
    await page.waitForURL('**/context/activetask/tarefa');
    const panel = page.locator(`.task-panel[data-task="${id}"]`);
    const timer = panel.getByRole('timer');
    await expect.poll(() => timerSeconds(timer), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await panel.getByText('Em Execução', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'active-task-running');
    expect(await seriousViolations(page)).toEqual([]);
    await shell.nightMode.click();
    await screenshot(page, 'active-task-running-night');
    expect(await seriousViolations(page)).toEqual([]);
    await shell.nightMode.click();

    const paused = await timed(async () => {
      await panel.getByRole('button', { name: 'Pausar' }).click();
      await notice(page, `Tarefa #${id} pausada com sucesso!`).waitFor();
    });
    await panel.getByText('Pausada', { exact: true }).waitFor();
    const shownAtPause = await timerSeconds(timer);
    // A real pause: its time is not worked time, and the timer stands still meanwhile.
    await page.waitForTimeout(2500);
    expect(await timerSeconds(timer)).toBe(shownAtPause);
    const resumed = await timed(async () => {
      await panel.getByRole('button', { name: 'Retomar' }).click();
      await notice(page, `Tarefa #${id} iniciada com sucesso!`).waitFor();
    });
    const workedBefore = paused - started;
    await expect
      .poll(() => timerSeconds(timer), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(Math.floor(workedBefore / 1000) + 2);

    // After a reload, and in a second tab, the timer shows the wall-clock time worked at once.
    await page.reload();
    await timer.waitFor();
    const expected = () => (workedBefore + Date.now() - resumed) / 1000;
    expect(Math.abs((await timerSeconds(timer)) - expected())).toBeLessThanOrEqual(2);
    // A second tab opened from the first (it shares the session, as a middle-click would).
    const opened = context.waitForEvent('page');
    await page.evaluate(() => window.open('/context/activetask/tarefa', '_blank'));
    const second = await opened;
    const secondTimer = second.locator(`.task-panel[data-task="${id}"]`).getByRole('timer');
    await secondTimer.waitFor();
    expect(Math.abs((await timerSeconds(secondTimer)) - expected())).toBeLessThanOrEqual(2);
    await second.close();

    // Finishing late (the forecast passed, the estimate exceeded) asks for both reasons.
    await panel.getByRole('button', { name: 'Finalizar' }).click();
    const reasons = page.getByRole('dialog', { name: 'Motivos de atraso' });
    await reasons.waitFor();
    expect(await reasons.getByText('O prazo da tarefa passou.', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'task-reasons-modal');
    expect(await seriousViolations(page)).toEqual([]);
    await reasons.getByLabel('Motivo de atraso do prazo').fill('Fornecedor entregou as notas com atraso');
    await reasons.getByLabel('Motivo de atraso da estimativa').fill('Mais notas do que o previsto');
    const finished = await timed(async () => {
      await reasons.getByRole('button', { name: 'Salvar e finalizar' }).click();
      await notice(page, 'Registro finalizado com sucesso!').waitFor();
    });
    expect(await shell.noticeTexts()).toContain('Motivo(s) atualizado(s) com sucesso!');

    // The server's total matches the wall-clock time worked (pause excluded) within 2 s.
    const done = await getTask(token, id);
    const wallClock = workedBefore + (finished - resumed);
    expect(done.task.state).toBe('finished');
    expect(Math.abs(done.task.accumulatedMs - wallClock)).toBeLessThanOrEqual(2000);
    const total = done.talkValues.find((v) => v.subjectAttributeIdentifier === 'duracaototal')?.value;
    expect(total).toBe(formatSeconds(Math.floor(done.task.accumulatedMs / 1000)));
    expect(done.talkValues.find((v) => v.subjectAttributeIdentifier === 'motivodeatrasodoprazo')?.value).toBe(
      'Fornecedor entregou as notas com atraso',
    );
    await panel.getByText('Finalizada', { exact: true }).waitFor();
    expect(await timerSeconds(timer)).toBe(Math.floor(done.task.accumulatedMs / 1000));
    expect(await shell.topBar.getByRole('link', { name: /em execução/ }).count()).toBe(0);

    // The record's own view shows the final total too.
    await page.goto(`${suite.server.url}/context/talk/tarefa/${id}`);
    const bar = page.locator('.task-record-bar');
    await bar.getByText('Finalizada').waitFor();
    expect(await bar.getByRole('timer').textContent()).toBe(total);
    await screenshot(page, 'task-record-finished');
    await shell.nightMode.click();
    await screenshot(page, 'task-record-finished-night');
    expect(await seriousViolations(page)).toEqual([]);
    await shell.nightMode.click();
    await context.close();
  });

  it('inserts and starts a task from the active-task screen', async () => {
    // Whatever the previous test left running is paused first: an account runs one task at a time.
    const token = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const running = (await (
      await fetch(`${suite.server.url}/api/Talk/Task/InProgress`, { headers })
    ).json()) as { message: { talkId: number } | null };
    if (running.message)
      await fetch(`${suite.server.url}/api/talk/tarefa/pausar`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ talkId: running.message.talkId }),
      });
    const { context: ctx, page } = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      '/context/activetask/tarefa',
    );
    await page.getByRole('button', { name: 'Criar e iniciar' }).waitFor();
    await page.getByLabel('Assunto').fill('Ligar para o cliente');
    const forecast = page.getByLabel('Previsão de término');
    await forecast.click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const p = (n: number) => String(n).padStart(2, '0');
    await forecast.pressSequentially(
      `${p(tomorrow.getDate())}${p(tomorrow.getMonth() + 1)}${tomorrow.getFullYear()}0900`,
      {
        delay: 15,
      },
    );
    const estimate = page.getByLabel('Duração estimada');
    await estimate.click();
    await estimate.pressSequentially('003000', { delay: 15 });
    await estimate.blur();
    await page.getByRole('button', { name: 'Criar e iniciar' }).click();
    await page
      .getByRole('region', { name: 'Notificações' })
      .getByText(/^Tarefa #\d+ inserida e iniciada com sucesso!$/)
      .waitFor();
    await page.locator('.task-panel').getByText('Ligar para o cliente').waitFor();
    expect(await page.locator('.task-panel').getByText('Em Execução', { exact: true }).isVisible()).toBe(
      true,
    );
    await ctx.close();
  });
});

function formatSeconds(total: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(total / 3600))}:${p(Math.floor(total / 60) % 60)}:${p(total % 60)}`;
}

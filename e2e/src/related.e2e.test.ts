import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn } from './helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };
const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);

const values = (byIdentifier: Record<string, unknown>) =>
  Object.entries(byIdentifier).map(([subjectAttributeIdentifier, value]) => ({
    subjectAttributeIdentifier,
    value,
  }));

const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notificações' }).getByText(text, { exact: true });

/** Seconds a timer on screen shows (its HH:MM:SS read back). */
async function timerSeconds(timer: Locator): Promise<number> {
  const [h, m, s] = ((await timer.textContent()) ?? '').split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** Day and night screenshots of what is on screen, each checked for serious accessibility faults. */
async function dayAndNight(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
  // Alt+G, the night mode's shortcut: it works with a modal open over the top bar's button.
  await page.keyboard.press('Alt+g');
  await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
  await settled(page);
  await screenshot(page, `${name}-night`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Alt+g');
  await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });
}

/** The tasks linked to a ticket, as the server answers them (talkParent). */
async function tasksOf(token: string, attributeId: number, ticket: number): Promise<PagedTalks> {
  return api<PagedTalks>(token, 'POST', '/api/talk/filter/tarefa/', {
    isActive: true,
    page: 1,
    fetch: 50,
    talkParent: { subjectAttributeId: attributeId, talkId: ticket },
  });
}

describe('a record shows its related records (issue 35 item 1)', () => {
  let agentTasks: number[] = [];
  let othersTask = 0;

  it("a ticket shows its tasks; 'Novo' makes a task linked to it; a task added elsewhere appears", async () => {
    const token = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ctx = await api<ContextResponse>(token, 'GET', '/api/context/web/talk/chamado?templateId=');
    const link = ctx.subjectsThatReferThis.find((r) => r.relatedSubject.subjectIdentifier === 'tarefa');
    if (!link) throw new Error('tarefa does not point to chamado for the agent');
    // Two tickets without tasks (the demo links its 100 tasks to some of its 300 tickets).
    const tickets = await api<PagedTalks>(token, 'POST', '/api/talk/filter/chamado/', {
      isActive: true,
      page: 1,
      fetch: 40,
      order: { attribute: 'id', direction: 1 },
    });
    const free: { talkId: number; displayName: string }[] = [];
    for (const t of tickets.itens) {
      if (free.length === 2) break;
      if ((await tasksOf(token, link.subjectAttributeId, t.talkId)).totalResults === 0) free.push(t);
    }
    const [ticket, bare] = free;
    if (!ticket || !bare) throw new Error('no ticket without tasks in the demo');

    const first = await api<{ resourceId: number }>(token, 'POST', '/api/talk/tarefa', {
      subject: 'tarefa',
      talkValues: values({ assunto: 'Revisar o log do servidor', chamado: ticket.talkId }),
    });

    const { page } = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      `/context/talk/chamado/${ticket.talkId}`,
    );
    const related = page.getByRole('region', { name: 'Relacionados' });
    await related.getByRole('tab', { name: 'Tarefa' }).waitFor();
    const grid = related.getByRole('table', { name: 'Tarefa relacionados' });
    await grid.getByRole('row').filter({ hasText: 'Revisar o log do servidor' }).waitFor();
    expect(await grid.locator('tbody tr').count()).toBe(1);
    await related.scrollIntoViewIfNeeded();
    await dayAndNight(page, 'related-ticket-tasks');

    // 'Novo': the task's form with the ticket already set.
    await related.getByRole('button', { name: 'Novo registro de Tarefa ligado a este' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo registro: Tarefa' });
    await dialog.locator('.record-field').first().waitFor();
    const parentField = dialog.locator('[data-field="chamado"] input').first();
    await expect.poll(() => parentField.inputValue()).toBe(ticket.displayName);
    const subject = dialog.getByRole('textbox', { name: /^Assunto/ });
    await subject.click();
    await subject.pressSequentially('Ligar para o solicitante', { delay: 15 });
    await subject.blur();
    await dayAndNight(page, 'related-new-task');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await notice(page, 'Registro inserido com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await grid.getByRole('row').filter({ hasText: 'Ligar para o solicitante' }).waitFor();

    // The server holds the link: the new task points to the ticket.
    const linked = await tasksOf(token, link.subjectAttributeId, ticket.talkId);
    expect(linked.totalResults).toBe(2);
    const made = linked.itens.find((t) => talkValue(t, 'assunto') === 'Ligar para o solicitante');
    expect(made && talkValue(made, 'chamado')).toBe(ticket.talkId);
    agentTasks = [first.resourceId, made?.talkId ?? 0];

    // Live: a task another person links to the ticket shows without a reload.
    const other = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/tarefa', {
      subject: 'tarefa',
      talkValues: values({ assunto: 'Conferir o backup noturno', chamado: ticket.talkId }),
    });
    othersTask = other.resourceId;
    await grid.getByRole('row').filter({ hasText: 'Conferir o backup noturno' }).waitFor({ timeout: 10_000 });
    expect(await grid.locator('tbody tr').count()).toBe(3);

    // A row opens its task.
    await grid.getByRole('link', { name: `Abrir Tarefa #${String(first.resourceId)}` }).click();
    await page.waitForURL(`**/context/talk/tarefa/${String(first.resourceId)}`);

    // A ticket without tasks says so, and the form view shows the area too.
    await page.goto(`${suite.server.url}/context/form/chamado/${bare.talkId}`);
    await page.getByText('Nenhum registro de Tarefa ligado a este.').waitFor();
    await dayAndNight(page, 'related-empty');
  });

  it('shows only what the account may read: a customer sees no task tab on its ticket', async () => {
    const customer = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const own = await api<PagedTalks>(customer, 'POST', '/api/talk/filter/chamado/', {
      isActive: true,
      page: 1,
      fetch: 1,
    });
    const ticket = own.itens[0];
    if (!ticket) throw new Error('the demo customer has no ticket');
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      CUSTOMER.email,
      CUSTOMER.password,
      `/context/talk/chamado/${ticket.talkId}`,
    );
    await page.locator('form.record-form .record-field').first().waitFor();
    // The record is on screen; no 'Relacionados' area (the customer reads no subject pointing to tickets).
    await page.waitForTimeout(500);
    expect(await page.getByRole('tab', { name: 'Tarefa' }).count()).toBe(0);
  });

  it("'Minhas tarefas' lists the person's tasks with their timer, from the side menu", async () => {
    expect(agentTasks.length).toBe(2);
    const token = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const running = await api<{ resourceId: number }>(token, 'POST', '/api/talk/tarefa', {
      subject: 'tarefa',
      talkValues: values({
        assunto: 'Atualizar a documentação',
        previsaodetermino: later,
        duracaoestimada: '02:00:00',
      }),
      start: true,
    });
    const { page, shell } = await signedIn(suite.browser, suite.server, AGENT.email, AGENT.password);
    await shell.openFromMenu('Minhas tarefas');
    const list = page.getByRole('table', { name: 'Minhas tarefas' });
    await list.waitFor();
    const ids = async () =>
      (
        await list.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task')))
      ).map(Number);
    // The agent's three tasks, newest first; the one another person made is not among them.
    expect(await ids()).toEqual([running.resourceId, ...agentTasks].sort((a, b) => b - a));
    expect(await ids()).not.toContain(othersTask);

    const row = list.locator(`tr[data-task="${String(running.resourceId)}"]`);
    await row.getByText('Em Execução', { exact: true }).waitFor();
    const timer = row.getByRole('timer');
    const at = await timerSeconds(timer);
    await expect.poll(() => timerSeconds(timer), { timeout: 10_000 }).toBeGreaterThanOrEqual(at + 2);
    const waiting = list.locator(`tr[data-task="${String(agentTasks[0])}"]`);
    await waiting.getByText('Aguardando Execução', { exact: true }).waitFor();
    expect(await waiting.getByRole('timer').textContent()).toBe('00:00:00');
    await dayAndNight(page, 'my-tasks');

    // Paused elsewhere (another tab, the top bar): the list shows it at once, the timer stopped.
    await api(token, 'POST', '/api/talk/tarefa/pausar', { talkId: running.resourceId });
    await row.getByText('Pausada', { exact: true }).waitFor({ timeout: 10_000 });
    const stopped = await timerSeconds(timer);
    await page.waitForTimeout(1500);
    expect(await timerSeconds(timer)).toBe(stopped);

    // The active task is one click away.
    await page.getByRole('link', { name: 'Tarefa ativa' }).click();
    await page.waitForURL('**/context/activetask/tarefa');
  });

  it("'Minhas tarefas' says when the person has none, or may not read tasks", async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rooms = await api<{ itens: { roomId: number; roomName: string }[] }>(
      admin,
      'GET',
      '/api/room?page=1&fetch=100&term=Atendimento',
    );
    const support = rooms.itens.find((r) => r.roomName === 'Atendimento')?.roomId;
    const fresh = { email: `novo.${Date.now()}@talkbase.test`, password: 'Atendente-senha-forte-2024' };
    await api(admin, 'POST', '/api/account/', {
      accountType: 1,
      firstName: 'Nina',
      lastName: 'Nova',
      displayName: 'Nina',
      email: fresh.email,
      phoneNumber: '11999990000',
      roomId: support,
      isAdmin: false,
      password: fresh.password,
    });
    const { page, shell } = await signedIn(suite.browser, suite.server, fresh.email, fresh.password);
    await shell.openFromMenu('Minhas tarefas');
    await page.getByText('Você ainda não tem tarefas.').waitFor();
    await dayAndNight(page, 'my-tasks-empty');

    // A customer's room reads no tasks: the screen says so instead of failing.
    const customer = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    await customer.shell.openFromMenu('Minhas tarefas');
    await customer.page.getByText('Seu perfil não tem acesso às tarefas.').waitFor();
  });
});

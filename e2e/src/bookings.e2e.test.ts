import { describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { needsDocumentsNotice } from '@talkbase/domain/fields/time-window';
import { signInByApi, suiteApi } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// Issue 35 item 2: the designer sets a time window's slots; the server holds their places.

const suite = useSuite();
const { ok: api, answer } = suiteApi(suite);

const NO_SLOT = 'Nenhum horario disponível';

describe('bookings the server holds (time window, component 28)', () => {
  it(
    'the designer sets opening hours and capacity, the form offers only those slots, and a second booking of a full slot is refused',
    { timeout: 180_000 },
    async () => {
      const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
      await api<Subject>(token, 'POST', '/api/subject', {
        identifier: 'agendamento',
        name: 'Agendamento',
        attributes: [
          { identifier: 'carga', name: 'Carga', componentId: 1, isRequired: true },
          { identifier: 'janela', name: 'Janela', componentId: 28 },
        ],
      });

      const { page, context } = await signedIn(
        suite.browser,
        suite.server,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        '/config/subjects/agendamento',
      );
      try {
        // The designer: 08:00 to 10:00 in one-hour slots, one place each, every day of the week,
        // holidays too (so the slots offered do not depend on the day the test runs).
        await page.getByRole('button', { name: 'Editar Janela' }).click();
        const modal = page.getByRole('dialog', { name: 'Editar atributo Janela' });
        await modal.waitFor();
        expect(await modal.getByLabel('Abertura').inputValue()).toBe('07:00');
        await modal.getByLabel('Abertura').fill('08:00');
        await modal.getByLabel(/^Fechamento/).fill('10:00');
        await modal.getByLabel(/^Capacidade por janela/).fill('1');
        await modal.getByLabel('Minutos por janela').fill('60');
        await modal.getByRole('checkbox', { name: 'Domingo' }).check();
        await modal.getByRole('checkbox', { name: 'Sábado' }).check();
        await modal.getByRole('switch', { name: 'Sem janelas nos feriados nacionais' }).click();
        await modal.getByText('Horários oferecidos: 08:00, 09:00 (1 vaga cada).', { exact: true }).waitFor();
        await modal.getByText('Horários oferecidos').scrollIntoViewIfNeeded();
        await bothModes(page, 'bookings-designer', { axe: false });
        await modal.getByRole('button', { name: 'Salvar atributo' }).click();
        await modal.waitFor({ state: 'hidden' });
        await expect
          .poll(async () => {
            const s = await api<Subject>(token, 'GET', '/api/subject/agendamento');
            return s.subjectAttributes.find((a) => a.identifier === 'janela')?.componentConfigs;
          })
          .toMatchObject({
            openingTime: '08:00',
            closingTime: '10:00',
            capacity: 1,
            slotMinutes: 60,
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            holidays: false,
          });

        // The form offers only those slots.
        await page.goto(`${suite.server.url}/context/form/agendamento/add`);
        const form = new RecordFormPage(page);
        await form.waitUntilReady();
        await form.type('Carga', 'Carga 001');
        await form.field('Janela').getByRole('button', { name: 'Escolher janela' }).click();
        const window = page.getByRole('dialog', { name: 'Janela de Disponibilidade' });
        await window.waitFor();
        const slots = window.getByRole('button', { name: / às \d{2}:\d{2}$/ });
        await slots.first().waitFor();
        const times = new Set(await slots.allInnerTexts());
        expect([...times].every((t) => t === '08:00' || t === '09:00')).toBe(true);
        // Seven days of two slots, less those of today already begun.
        expect(await slots.count()).toBeGreaterThanOrEqual(12);
        await bothModes(page, 'bookings-slots', { axe: false });

        // The last slot of the week is chosen; meanwhile someone else books it.
        const chosen = slots.last();
        const label = (await chosen.getAttribute('aria-label')) ?? '';
        await chosen.click();
        await window.getByRole('button', { name: 'Salvar' }).click();
        await window.waitFor({ state: 'hidden' });
        const [dayMonth = '', time = ''] = (/(\d{2}\/\d{2}) às (\d{2}:\d{2})$/.exec(label) ?? []).slice(1);
        const shown = (await form.field('Janela').getByRole('group').innerText()).split('\n')[0] ?? '';
        expect(shown.startsWith(`${dayMonth}/`)).toBe(true);
        const [d, m, y] = shown.split(' às ')[0]?.split('/') ?? [];
        const booking = { date: `${y}-${m}-${d}`, time, contingency: false };
        // The week's last slot falls on a Sunday or a holiday on some days the suite runs: then the
        // form first tells about the documents (spec 002, the time window's notice), as it must.
        if (needsDocumentsNotice(booking)) {
          const notice = page.getByRole('dialog', { name: 'Atenção' });
          await notice.getByRole('button', { name: 'Entendi' }).click();
          await notice.waitFor({ state: 'hidden' });
        }
        const other = await answer<unknown>(token, 'POST', '/api/talk/agendamento', {
          talkValues: [
            { subjectAttributeIdentifier: 'carga', value: 'Carga 002' },
            { subjectAttributeIdentifier: 'janela', value: booking },
          ],
        });
        expect(other.status).toBe(201);

        // The second booking of the full slot: refused with the message, on the field.
        await form.ok.click();
        await form.field('Janela').getByText(NO_SLOT, { exact: true }).waitFor();
        const refusal = page.getByRole('dialog').filter({ has: page.getByRole('alert') });
        await refusal.getByText(NO_SLOT, { exact: true }).waitFor();
        await bothModes(page, 'bookings-refused', { axe: false });
        await refusal.getByRole('button', { name: 'Fechar' }).click();
        await refusal.waitFor({ state: 'hidden' });
        await bothModes(page, 'bookings-refused-field', { axe: false });
        const list = await api<{ totalResults: number }>(token, 'POST', '/api/talk/filter/agendamento', {});
        expect(list.totalResults).toBe(1);

        // The slot now shows as taken in the window.
        await form.field('Janela').getByRole('button', { name: 'Escolher janela' }).click();
        await window.waitFor();
        await expect.poll(() => window.getByRole('button', { name: label }).isDisabled()).toBe(true);
        await bothModes(page, 'bookings-slot-taken', { axe: false });
      } finally {
        await context.close();
      }
    },
  );
});

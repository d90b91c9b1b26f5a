import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByApi } from './api.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { FOOTER_INVALID, INSERTED, RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

interface StoredTalk {
  talkId: number;
  talkValues: {
    subjectAttributeId: number;
    subjectAttributeIdentifier: string;
    value: unknown;
    displayValue?: string | null;
  }[];
}

async function api<T>(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return { json: () => res.json() as Promise<T>, bytes: async () => Buffer.from(await res.arrayBuffer()) };
}

/** A small but real PDF (the server checks that a file's content matches its extension). */
function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n` +
      `% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** Shows the whole form in one picture: the window grows to the page's height, then goes back. */
async function shootWholeForm(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: before.width,
    height: Math.min(Math.max(height, before.height), 3000),
  });
  await screenshot(page, name);
  await page.setViewportSize(before);
}

describe('every component type in the form of the demo subject campos', () => {
  it(
    'shows the rules’ messages, then saves every value as entered and shows it again after a reload',
    { timeout: 300_000 },
    async () => {
      const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
      // A saved filter for the software subject: what the filter picker lists once a model
      // (a software) is chosen. The demo only has saved filters for tickets.
      const savedFilter = await api<{ resourceId: number }>(suite.server, token, 'POST', '/api/talk/filtro', {
        talkValues: [
          { subjectAttributeIdentifier: 'nome', value: 'Softwares de gestão' },
          { subjectAttributeIdentifier: 'assunto', value: 'software' },
          {
            subjectAttributeIdentifier: 'filtro',
            value: { condition: 'E', rules: [{ attribute: 'nome', operator: 'contains', value: 'ERP' }] },
          },
        ],
      }).then((answer) => answer.json());

      const { context, page } = await signedIn(
        suite.browser,
        suite.server,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        '/context/form/campos/add',
      );
      const form = new RecordFormPage(page);
      await form.waitUntilReady();
      await page.waitForLoadState('networkidle');

      // Untouched: no message under any field yet; the required text keeps OK disabled.
      expect(await form.errors()).toEqual([]);
      expect(await form.footerText()).toBe(FOOTER_INVALID);
      expect(await form.ok.isDisabled()).toBe(true);
      expect(await form.overflowing()).toEqual([]);
      await shootWholeForm(page, 'campos-form-empty');

      // Invalid values: each field shows the spec's message, the footer asks for correct data.
      await form.type('Texto', 'ab');
      await form.type('CNPJ/CPF', '11111111111');
      await form.type('Data', '25122025');
      await form.type('Data e hora', '131220251000');
      expect(await form.shownValue('CNPJ/CPF')).toBe('111.111.111-11');
      expect(await form.shownValue('Data')).toBe('25/12/2025');
      expect(await form.shownValue('Data e hora')).toBe('13/12/2025 10:00');
      expect(await form.errorOf('Texto')).toBe('Texto deve conter pelo menos 3 caracteres');
      expect(await form.errorOf('CNPJ/CPF')).toBe('O número do CNPJ/CPF/identificação informado é inválido');
      expect(await form.errorOf('Data')).toBe('A data digitada não pode ser feriado nacional');
      expect(await form.errorOf('Data e hora')).toBe('A data digitada não pode ser final de semana');
      expect(await form.footerText()).toBe(FOOTER_INVALID);
      expect(await form.ok.isDisabled()).toBe(true);
      await shootWholeForm(page, 'campos-form-errors');

      // Every attribute with a valid value, through its editor.
      await form.type('Texto', 'Campo de exemplo completo');
      await form.type('CNPJ/CPF', '52998224725');
      await form.type('Número', '123456');
      const clientes = await form.options('Seleção (cliente)');
      const cliente = clientes[2] ?? '';
      expect(cliente).not.toBe('');
      await page.getByRole('option', { name: cliente, exact: true }).click();
      await form.type('Medida', '1234567');
      await form.type('Telefone', '11987654321');
      await form.field('Sim/Não').getByText('Sim', { exact: true }).click();
      await form.type('Data e hora', '161220251430');

      const filtro = form.field('Filtro');
      await filtro.getByRole('button', { name: 'Adicionar regra' }).click();
      await filtro.getByLabel('Campo da regra 1', { exact: true }).click();
      await page.getByRole('option', { name: 'Texto', exact: true }).click();
      await filtro.getByLabel('Operador da regra 1', { exact: true }).click();
      await page.getByRole('option', { name: 'Contém', exact: true }).click();
      await filtro.getByLabel('Valor da regra 1', { exact: true }).fill('exemplo');

      await form.type('E-mail', 'contato@exemplo.com.br');
      await form.choose('Árvore (categoria)', 'Fiscal', 'Fiscal');

      const colunas = form.field('Colunas do modelo');
      await colunas.getByRole('button', { name: 'Adicionar coluna' }).click();
      await colunas.getByLabel('Nome da coluna').fill('Cliente');
      await colunas.getByLabel('Valor 1', { exact: true }).pressSequentially('${');
      await page.getByLabel('Buscar por atributo, assunto ou identificador').fill('Razão social');
      await page
        .getByRole('button', { name: /Razão social/ })
        .first()
        .click();
      await expect
        .poll(() => colunas.getByLabel('Valor 1', { exact: true }).inputValue())
        .toBe('${cliente.nome}');

      // The model comes first: the saved-filter picker waits for it.
      await form.choose('Modelo', 'ERP Talkbase');
      await form.choose('Filtro salvo', 'Softwares de gestão');

      const emails = form.field('E-mails');
      await emails.getByLabel('E-mails 1', { exact: true }).fill('ana@exemplo.com');
      await emails.getByRole('button', { name: 'Adicionar e-mail' }).click();
      await emails.getByLabel('E-mails 2', { exact: true }).fill('bruno@exemplo.com');

      const agenda = form.field('Frequência');
      await agenda.getByLabel('Segunda', { exact: true }).check();
      await agenda.getByLabel('Quarta', { exact: true }).check();
      await agenda.getByLabel('Hora', { exact: true }).fill('8');
      await agenda.getByLabel('Minuto', { exact: true }).fill('30');

      await form.type('Hora', '013000');
      await form.input('Arquivos').setInputFiles({
        name: 'contrato.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('contrato'),
      });
      await form.type('Peso', '7550');
      await form.type('Volume', '125');
      await form.type('Valor', '123456789');
      await form.type('Observações', 'Primeira linha\nSegunda linha');
      await form.field('Ativo').getByRole('switch', { name: /Ativo/ }).check();

      const janela = form.field('Janela de disponibilidade');
      await janela.getByRole('button', { name: 'Escolher janela' }).click();
      const modal = page.getByRole('dialog', { name: 'Janela de Disponibilidade' });
      const slot = modal.locator('button[aria-pressed]:not([disabled])').first();
      await slot.waitFor();
      const slotName = (await slot.getAttribute('aria-label')) ?? '';
      await slot.click();
      await modal.getByRole('button', { name: 'Salvar' }).click();
      // A slot outside the registration sector's hours (a Saturday afternoon…) brings a notice.
      const notice = page.getByRole('dialog', { name: 'Atenção' });
      const noticeShown = await notice.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      );
      if (noticeShown) await notice.getByRole('button', { name: 'Entendi' }).click();
      const janelaText = (await janela.getByRole('group').innerText()).split('\n')[0] ?? '';
      const [slotDay = '', slotTime = ''] = janelaText.split(' às ');
      expect(janelaText).toMatch(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
      // The slot's name is 'seg 23/11 às 15:00': the same day and time.
      expect(slotName).toMatch(new RegExp(`^\\S+ ${slotDay.slice(0, 5)} às ${slotTime}$`));

      const transportadora = form.field('Transportadora');
      await transportadora.getByLabel('Nova carga').fill('Carga 001');
      await transportadora.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await transportadora.getByLabel('Nova carga').fill('Carga 002');
      await transportadora.getByLabel('Nova carga').press('Enter');
      await transportadora.getByRole('textbox', { name: 'Transportadora' }).fill('Transportes Rápidos Ltda');

      await form.type('Texto livre', 'Anotação livre');
      await form.type('Placa', 'abc1d23');

      // The date is picked on the calendar, which opens on the month of the date typed before:
      // Christmas is not offered (the holidays rule), the day after is.
      const dataField = form.field('Data');
      await dataField.getByRole('button', { name: 'Abrir calendário' }).click();
      expect(await page.getByRole('button', { name: '25/12/2025', exact: true }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: '26/12/2025', exact: true }).click();
      expect(await form.shownValue('Data')).toBe('26/12/2025');

      const varios = form.field('E-mails (vários)');
      await varios.getByLabel('E-mails (vários) 1', { exact: true }).fill('compras@exemplo.com');
      await varios.getByRole('button', { name: 'Adicionar e-mail' }).click();
      await varios.getByLabel('E-mails (vários) 2', { exact: true }).fill('vendas@exemplo.com');
      await form.input('Arquivo sob demanda').setInputFiles({
        name: 'relatorio.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('relatorio'),
      });

      await expect.poll(() => form.errors()).toEqual([]);
      await expect.poll(() => form.ok.isEnabled()).toBe(true);
      expect(await form.footerText()).toBe('');
      expect(await form.overflowing()).toEqual([]);
      await shootWholeForm(page, 'campos-form-filled');

      await form.save();
      await form.waitForNotice(INSERTED);
      await expect.poll(() => pathname(page)).toMatch(/^\/context\/talk\/campos\/\d+$/);
      const talkId = Number(pathname(page).split('/').at(-1));

      await page.reload();
      await form.waitUntilReady();
      await page.waitForLoadState('networkidle');

      // As entered: masked texts as typed, names of the chosen records, dates dd/MM/yyyy…
      expect(await form.shownValue('Texto')).toBe('Campo de exemplo completo');
      expect(await form.shownValue('CNPJ/CPF')).toBe('529.982.247-25');
      expect(await form.shownValue('Número')).toBe('123456');
      expect(await form.shownValue('Seleção (cliente)')).toBe(cliente);
      expect(await form.shownValue('Medida')).toBe('1.234,567');
      expect(await form.shownValue('Telefone')).toBe('(11) 98765-4321');
      expect(await form.field('Sim/Não').getByRole('radio', { name: 'Sim', exact: true }).isChecked()).toBe(
        true,
      );
      expect(await form.shownValue('Data e hora')).toBe('16/12/2025 14:30');
      expect(await filtro.getByLabel('Campo da regra 1', { exact: true }).inputValue()).toBe('Texto');
      expect(await filtro.getByLabel('Operador da regra 1', { exact: true }).inputValue()).toBe('Contém');
      expect(await filtro.getByLabel('Valor da regra 1', { exact: true }).inputValue()).toBe('exemplo');
      expect(await form.shownValue('E-mail')).toBe('contato@exemplo.com.br');
      expect(await form.shownValue('Árvore (categoria)')).toBe('Fiscal');
      expect(await colunas.getByLabel('Nome da coluna').inputValue()).toBe('Cliente');
      expect(await colunas.getByLabel('Valor 1', { exact: true }).inputValue()).toBe('${cliente.nome}');
      expect(await form.shownValue('Filtro salvo')).toBe('Softwares de gestão');
      expect(await emails.getByLabel('E-mails 1', { exact: true }).inputValue()).toBe('ana@exemplo.com');
      expect(await emails.getByLabel('E-mails 2', { exact: true }).inputValue()).toBe('bruno@exemplo.com');
      for (const [day, checked] of [
        ['Domingo', false],
        ['Segunda', true],
        ['Terça', false],
        ['Quarta', true],
        ['Quinta', false],
        ['Sexta', false],
        ['Sábado', false],
      ] as const) {
        expect(await agenda.getByLabel(day, { exact: true }).isChecked(), day).toBe(checked);
      }
      expect(await agenda.getByLabel('Hora', { exact: true }).inputValue()).toBe('8');
      expect(await agenda.getByLabel('Minuto', { exact: true }).inputValue()).toBe('30');
      expect(await form.shownValue('Hora')).toBe('01:30:00');
      expect(await form.shownValue('Modelo')).toBe('ERP Talkbase');
      expect(
        await form.field('Arquivos').getByRole('button', { name: 'Baixar contrato.pdf' }).isVisible(),
      ).toBe(true);
      expect(await form.shownValue('Peso')).toBe('75,50');
      expect(await form.shownValue('Volume')).toBe('1,25');
      expect(await form.shownValue('Valor')).toBe('1.234.567,89');
      expect(await form.shownValue('Observações')).toBe('Primeira linha\nSegunda linha');
      expect(await form.field('Ativo').getByRole('switch').isChecked()).toBe(true);
      expect((await janela.getByRole('group').innerText()).split('\n')[0]).toBe(janelaText);
      const cargas = await transportadora
        .getByRole('list', { name: 'Cargas' })
        .getByRole('listitem')
        .allInnerTexts();
      // Each item is its label and its remove button (an icon).
      expect(cargas.map((item) => item.split('\n')[0])).toEqual(['Carga 001', 'Carga 002']);
      expect(await transportadora.getByRole('textbox', { name: 'Transportadora' }).inputValue()).toBe(
        'Transportes Rápidos Ltda',
      );
      expect(await form.shownValue('Texto livre')).toBe('Anotação livre');
      expect(await form.shownValue('Placa')).toBe('ABC-1D23');
      expect(await form.shownValue('Data')).toBe('26/12/2025');
      expect(await varios.getByLabel('E-mails (vários) 1', { exact: true }).inputValue()).toBe(
        'compras@exemplo.com',
      );
      expect(await varios.getByLabel('E-mails (vários) 2', { exact: true }).inputValue()).toBe(
        'vendas@exemplo.com',
      );
      expect(
        await form
          .field('Arquivo sob demanda')
          .getByRole('button', { name: 'Baixar relatorio.pdf' })
          .isVisible(),
      ).toBe(true);
      expect(await form.errors()).toEqual([]);
      expect(await form.overflowing()).toEqual([]);
      await shootWholeForm(page, 'campos-form-saved');

      // The canonical values the server stored.
      const talk = await (
        await api<StoredTalk>(suite.server, token, 'GET', `/api/talk/campos/${talkId}`)
      ).json();
      const stored = new Map(talk.talkValues.map((v) => [v.subjectAttributeIdentifier, v]));
      // Ids the server chose.
      const anId: unknown = expect.any(Number);
      const aUrl: unknown = expect.any(String);
      const valueOf = (identifier: string) => stored.get(identifier)?.value;
      expect(Object.fromEntries([...stored].map(([identifier, v]) => [identifier, v.value]))).toEqual({
        texto: 'Campo de exemplo completo',
        identificacao: '529.982.247-25',
        numero: 123456,
        selecao: anId,
        medida: 1234.567,
        telefone: '(11) 98765-4321',
        simnao: true,
        datahora: '2025-12-16T17:30:00.000Z',
        filtro: { condition: 'E', rules: [{ attribute: 'texto', operator: 'contains', value: 'exemplo' }] },
        email: 'contato@exemplo.com.br',
        arvore: anId,
        colunas: [
          {
            columnIdentifier: 100000,
            configs: [
              { configIdentifier: 'name', value: 'Cliente' },
              { configIdentifier: 'width', value: 25 },
              { configIdentifier: 'backgroundColor', value: '#ffffff' },
              { configIdentifier: 'fontColor', value: '#000000' },
            ],
            attributes: [{ value: '${cliente.nome}', isGrouped: false, subjectId: anId }],
          },
        ],
        selecaofiltro: savedFilter.resourceId,
        emails: 'ana@exemplo.com;bruno@exemplo.com',
        agenda: '0 30 8 ? * 2,4 *',
        hora: '01:30:00',
        modelo: anId,
        arquivo: [{ name: 'contrato.pdf', type: 'application/pdf', url: aUrl }],
        peso: 75.5,
        volume: 1.25,
        valor: 1234567.89,
        observacoes: 'Primeira linha\nSegunda linha',
        ativo: true,
        janela: {
          date: slotDay.split('/').reverse().join('-'),
          time: slotTime,
          contingency: false,
        },
        transportadora: {
          labelFrom: [
            { id: null, label: 'Carga 001' },
            { id: null, label: 'Carga 002' },
          ],
          labelTo: 'Transportes Rápidos Ltda',
        },
        textolivre: 'Anotação livre',
        placa: 'ABC-1D23',
        data: '2025-12-26',
        emailsmultiplos: 'compras@exemplo.com;vendas@exemplo.com',
        arquivosobdemanda: [{ name: 'relatorio.pdf', type: 'application/pdf', url: aUrl }],
      });
      // References hold the chosen records' ids; their names are the ones picked.
      expect(stored.get('selecao')?.displayValue).toBe(cliente);
      expect(stored.get('arvore')?.displayValue).toBe('Fiscal');
      expect(stored.get('modelo')?.displayValue).toBe('ERP Talkbase');
      expect(stored.get('selecaofiltro')?.displayValue).toBe('Softwares de gestão');
      // The uploaded files are the PDFs picked, byte for byte.
      for (const [identifier, title] of [
        ['arquivo', 'contrato'],
        ['arquivosobdemanda', 'relatorio'],
      ] as const) {
        const [file] = valueOf(identifier) as { url: string }[];
        const bytes = await (await api(suite.server, token, 'GET', file?.url ?? '')).bytes();
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.equals(pdf(title))).toBe(true);
      }
      await context.close();
    },
  );
});

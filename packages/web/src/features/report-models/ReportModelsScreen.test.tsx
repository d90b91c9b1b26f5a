import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const attribute = (id: number, identifier: string, name: string, extra: Record<string, unknown> = {}) => ({
  subjectAttributeId: id,
  identifier,
  subjectAttributeIdentifier: identifier,
  name,
  attributeName: name,
  subjectAttributeName: name,
  componentId: 1,
  isRequired: false,
  isEditable: true,
  isNaturalKey: false,
  isMultipleValues: false,
  isOrderable: false,
  isInternal: false,
  length: null,
  defaultValue: null,
  componentConfigs: {},
  relatedSubject: null,
  tooltip: null,
  description: null,
  icon: null,
  order: id,
  ...extra,
});
const ref = (subjectId: number, subjectIdentifier: string, subjectName: string) => ({
  subjectId,
  subjectIdentifier,
  subjectName,
  icon: null,
});
const subjects = [
  {
    ...ref(2, 'cliente', 'Cliente'),
    isBuiltIn: false,
    subjectAttributes: [attribute(20, 'nome', 'Nome')],
  },
  {
    ...ref(3, 'chamado', 'Chamado'),
    isBuiltIn: false,
    subjectAttributes: [
      attribute(30, 'titulo', 'Título'),
      attribute(31, 'cliente', 'Cliente', { componentId: 4, relatedSubject: ref(2, 'cliente', 'Cliente') }),
    ],
  },
  {
    ...ref(4, 'nota', 'Nota'),
    isBuiltIn: false,
    subjectAttributes: [
      attribute(40, 'texto', 'Texto'),
      attribute(41, 'chamado', 'Chamado', { componentId: 4, relatedSubject: ref(3, 'chamado', 'Chamado') }),
    ],
  },
];
const models = [
  { templateId: 7, templateName: 'Chamados por cliente', subjectIdentifier: 'chamado' },
  { templateId: 9, templateName: 'Clientes', subjectIdentifier: 'cliente' },
];
const page = (list: typeof models) => ({ itens: list, totalResults: list.length, currentPage: 1 });
const isList = (call: StubbedCall) =>
  call.method === 'GET' && /^\/api\/report\/model\/list\/?$/.test(call.path);

function server(options: { failList?: () => boolean; created?: (body: unknown) => void } = {}) {
  let list = [...models];
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/subject')
      return { status: 200, body: { itens: subjects, totalResults: subjects.length, currentPage: 1 } };
    if (isList(call))
      return options.failList?.()
        ? { status: 500, body: { errors: [{ message: 'x' }] } }
        : { status: 200, body: page(list) };
    if (call.method === 'DELETE' && call.path === '/api/report/model') {
      const ids = (call.body as { TemplateIds: number[] }).TemplateIds;
      list = list.filter((m) => !ids.includes(m.templateId));
      return { status: 200, body: { deleted: ids.length } };
    }
    if (call.method === 'POST' && call.path === '/api/report/model') {
      options.created?.(call.body);
      return { status: 201, body: { ...models[0], templateId: 11 } };
    }
    return undefined;
  });
}

describe('report models screen', { timeout: 30_000 }, () => {
  it('lists the models with their subject and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderApp('/config/report-models', adminUser);
    await screen.findByRole('heading', { name: 'Modelos de relatório' });
    const link = await screen.findByRole('link', { name: 'Chamados por cliente' });
    expect(link.getAttribute('href')).toBe('/config/report-models/editor/7');
    expect(await screen.findByText('Assunto: Chamado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Criar modelo de relatório' }).getAttribute('href')).toBe(
      '/config/report-models/editor',
    );

    await user.click(screen.getByRole('button', { name: 'Excluir Chamados por cliente' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir modelo de relatório' });
    expect(within(confirm).getByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chamados por cliente' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ TemplateIds: [7] });

    await user.click(screen.getByRole('button', { name: 'Excluir Clientes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir modelo de relatório' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await screen.findByText('Nenhum modelo de relatório encontrado.')).toBeTruthy();
  });

  it('shows the load error with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    server({ failList: () => fail });
    renderApp('/config/report-models', adminUser);
    expect(
      await screen.findByText(
        'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('link', { name: 'Clientes' });
  });

  it('asks for name, subject and columns, and offers related subjects both ways', async () => {
    const user = userEvent.setup();
    let posted: unknown;
    server({ created: (body) => (posted = body) });
    renderApp('/config/report-models/editor', adminUser);
    await screen.findByRole('heading', { name: 'Criar modelo de relatório' });
    expect(await screen.findByText('Selecione o assunto para montar as colunas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Digite um nome')).toBeTruthy();
    expect(screen.getByText('Selecione um assunto')).toBeTruthy();
    expect(posted).toBeUndefined();

    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Chamados');
    await user.click(screen.getByRole('combobox', { name: /^Assunto/ }));
    await user.click(await screen.findByRole('option', { name: 'Chamado' }));
    // The subject's own reference and the subjects that point to it.
    await user.click(screen.getByRole('combobox', { name: 'Assuntos relacionados' }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Cliente (campo Cliente)', 'Nota (que apontam por Chamado)']);
    await user.click(screen.getByRole('option', { name: 'Cliente (campo Cliente)' }));
    await user.keyboard('{Escape}');

    // With no column the designer's spec message shows, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Adicione pelo menos uma coluna')).length).toBeGreaterThan(0);
    expect(posted).toBeUndefined();
  });
});

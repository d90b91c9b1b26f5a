import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, errorsOf, type TestApp } from '../../test/harness.ts';
import {
  completeTicket,
  createTicket,
  dayFromToday,
  getTicket,
  postTicket,
  putTicket,
  ticketWorld,
  valueOf,
  type TicketWorld,
} from './ticket-test-helpers.ts';

/** The ticket rules of 000 §5 on the real server (demo workspace), as attendants and customers meet them. */
describe('ticket rules on the server', () => {
  let t: TestApp;
  let w: TicketWorld;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo' });
    w = await ticketWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const st = (name: string) => w.status.get(name);
  const fieldsOf = (res: LightMyRequestResponse) => errorsOf(res).map((e) => e.field);

  it('moves a ticket through its statuses, meeting each rule', async () => {
    const id = await createTicket(t, w.admin, completeTicket(w));

    // 'Em análise' needs a step forecast.
    let res = await putTicket(t, w.agent, id, { situacao: st('Em análise') });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { field: 'previsaoetapa', message: 'O campo Previsão da etapa é obrigatório' },
    ]);
    const step = new Date(Date.now() + 2 * 86_400_000).toISOString();
    res = await putTicket(t, w.agent, id, { situacao: st('Em análise'), previsaoetapa: step });
    expect(res.statusCode).toBe(200);

    // Moving the step forecast while the status stays needs a reason.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    res = await putTicket(t, w.agent, id, { previsaoetapa: later });
    expect(errorsOf(res)).toEqual([
      { field: 'motivoalteracao', message: 'Informe o motivo da alteração da previsão.' },
    ]);
    res = await putTicket(t, w.agent, id, {
      previsaoetapa: later,
      motivoalteracao: 'Cliente pediu mais prazo',
    });
    expect(res.statusCode).toBe(200);

    // A new status drops the step forecast: 'Em desenvolvimento' asks for a new one.
    res = await putTicket(t, w.agent, id, { situacao: st('Em desenvolvimento') });
    expect(fieldsOf(res)).toEqual(['previsaoetapa']);
    res = await putTicket(t, w.agent, id, {
      situacao: st('Em desenvolvimento'),
      previsaoetapa: step,
      conclusao: 'Correção publicada',
    });
    expect(res.statusCode).toBe(200);

    // 'Aguardando desenvolvimento': ticket forecast from today on; the conclusion and step forecast go.
    res = await putTicket(t, w.agent, id, {
      situacao: st('Aguardando desenvolvimento'),
      previsaochamado: dayFromToday(-1),
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.field).toBe('previsaochamado');
    expect(errorsOf(res)[0]?.message).toMatch(
      /^A data\/hora digitada não pode ser menor que data\/hora atual: \d\d\/\d\d\/\d{4}$/,
    );
    res = await putTicket(t, w.agent, id, {
      situacao: st('Aguardando desenvolvimento'),
      previsaochamado: dayFromToday(3),
    });
    expect(res.statusCode).toBe(200);
    let ticket = await getTicket(t, w.agent, id);
    expect(valueOf(ticket, 'conclusao')).toBeNull();
    expect(valueOf(ticket, 'previsaoetapa')).toBeNull();

    // Moving the ticket forecast needs a reason, a new one (the stored reason was for the step).
    res = await putTicket(t, w.agent, id, { previsaochamado: dayFromToday(5) });
    expect(fieldsOf(res)).toEqual(['motivoalteracao']);
    res = await putTicket(t, w.agent, id, {
      previsaochamado: dayFromToday(5),
      motivoalteracao: 'Fila de desenvolvimento',
    });
    expect(res.statusCode).toBe(200);

    // Closing asks for the diagnosis; its details need 2 words and 20 characters.
    res = await putTicket(t, w.agent, id, { situacao: st('Concluído, aguardando confirmação do cliente') });
    expect(fieldsOf(res)).toEqual(['diagnostico', 'detalhesdiagnostico', 'ofensor']);
    res = await putTicket(t, w.agent, id, {
      situacao: st('Concluído, aguardando confirmação do cliente'),
      diagnostico: 'Defeito',
      detalhesdiagnostico: 'Erro de rede',
      ofensor: 'Infra',
    });
    expect(errorsOf(res)).toEqual([
      {
        field: 'detalhesdiagnostico',
        message: 'Detalhes do diagnóstico deve conter pelo menos 20 caracteres',
      },
    ]);
    res = await putTicket(t, w.agent, id, {
      situacao: st('Concluído, aguardando confirmação do cliente'),
      diagnostico: 'Defeito',
      detalhesdiagnostico: 'Rotina de cálculo arredondava antes de somar',
      ofensor: 'Desenvolvimento',
    });
    expect(res.statusCode).toBe(200);

    // The customer confirms.
    res = await putTicket(t, w.customer, id, { situacao: st('Finalizado') });
    expect(res.statusCode).toBe(200);
    ticket = await getTicket(t, w.agent, id);
    expect(valueOf(ticket, 'situacao')).toBe(st('Finalizado'));
  });

  it('asks attendants for the classification when editing, not the administrators or customers', async () => {
    const id = await createTicket(t, w.customer, {
      titulo: 'Sistema lento demais',
      cliente: w.ownClient,
      solicitante: 'Ana',
    });
    let res = await putTicket(t, w.agent, id, { descricao: 'Mais detalhes' });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(['prioridade', 'tipo', 'software', 'categoria', 'subcategoria']);
    expect(errorsOf(res)[0]?.message).toBe('É obrigatório selecionar um item da lista.');
    res = await putTicket(t, w.admin, id, { descricao: 'Mais detalhes' });
    expect(res.statusCode).toBe(200);
    res = await putTicket(t, w.customer, id, { descricao: 'Ainda mais detalhes' });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the dependency chain and drops what depended on a changed field', async () => {
    let res = await postTicket(t, w.agent, { titulo: 'Sem cliente', software: w.software });
    expect(errorsOf(res)).toEqual([
      { field: 'software', message: 'Preencha o campo Cliente antes de Software.' },
    ]);
    res = await postTicket(t, w.agent, {
      titulo: 'Sem solicitante',
      cliente: w.ownClient,
      telefone: '(11) 3333-4444',
    });
    expect(fieldsOf(res)).toEqual(['telefone']);
    const id = await createTicket(t, w.admin, completeTicket(w, { telefone: '(11) 3333-4444' }));
    // Another customer: software, category, subcategory, requester and phone are dropped — and the
    // attendant must fill the classification again.
    res = await putTicket(t, w.agent, id, { cliente: w.otherClient });
    expect(fieldsOf(res)).toEqual(['software', 'categoria', 'subcategoria']);
    res = await putTicket(t, w.admin, id, { cliente: w.otherClient });
    expect(res.statusCode).toBe(200);
    const ticket = await getTicket(t, w.admin, id);
    for (const f of ['software', 'categoria', 'subcategoria', 'solicitante', 'telefone'])
      expect([f, valueOf(ticket, f)]).toEqual([f, null]);
  });

  it('asks the rework ticket with rework only', async () => {
    const id = await createTicket(t, w.admin, completeTicket(w));
    let res = await putTicket(t, w.agent, id, { retrabalho: true });
    expect(fieldsOf(res)).toEqual(['chamadoretrabalho']);
    res = await putTicket(t, w.agent, id, { retrabalho: false, chamadoretrabalho: '123' });
    expect(errorsOf(res)).toEqual([
      {
        field: 'chamadoretrabalho',
        message: 'O campo Chamado de retrabalho só pode ser preenchido quando Retrabalho for Sim.',
      },
    ]);
    res = await putTicket(t, w.agent, id, { retrabalho: true, chamadoretrabalho: '123' });
    expect(res.statusCode).toBe(200);
    res = await putTicket(t, w.agent, id, { retrabalho: false });
    expect(res.statusCode).toBe(200);
    expect(valueOf(await getTicket(t, w.agent, id), 'chamadoretrabalho')).toBeNull();
  });

  it("keeps the customers' customer, requester, phone and status", async () => {
    // A customer opens a ticket: it starts 'Aberto'; the phone and the status are not theirs to give
    // (the room's attribute permissions refuse them first, 403; the rules would too, 422).
    let res = await postTicket(t, w.customer, {
      titulo: 'Nota rejeitada',
      cliente: w.ownClient,
      telefone: '(21) 98888-7777',
    });
    expect([res.statusCode, fieldsOf(res)]).toEqual([403, ['telefone']]);
    res = await postTicket(t, w.customer, {
      titulo: 'Nota rejeitada',
      cliente: w.ownClient,
      situacao: st('Finalizado'),
    });
    expect([res.statusCode, fieldsOf(res)]).toEqual([403, ['situacao']]);
    const id = await createTicket(t, w.customer, {
      titulo: 'Nota rejeitada',
      cliente: w.ownClient,
      solicitante: 'Carlos',
    });
    expect(valueOf(await getTicket(t, w.customer, id), 'situacao')).toBe(st('Aberto'));

    for (const [field, value] of [
      ['cliente', w.otherClient],
      ['solicitante', 'Outra pessoa'],
      ['telefone', '(21) 3333-1111'],
      ['situacao', st('Finalizado')],
    ] as const) {
      res = await putTicket(t, w.customer, id, { [field]: value });
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(errorsOf(res)[0]?.field).toBe(field);
    }
    // Sending back what is stored is not a change.
    res = await putTicket(t, w.customer, id, {
      cliente: w.ownClient,
      solicitante: 'Carlos',
      descricao: 'Segue o XML',
    });
    expect(res.statusCode).toBe(200);
    // Attribute permissions of the demo's customer room: no priority from customers.
    res = await putTicket(t, w.customer, id, { prioridade: w.priority });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.field).toBe('prioridade');
  });

  it('judges every item of the batch calls', async () => {
    const a = await createTicket(t, w.admin, completeTicket(w));
    const b = await createTicket(t, w.admin, completeTicket(w));
    const [va, vb] = [(await getTicket(t, w.agent, a)).version, (await getTicket(t, w.agent, b)).version];
    let res = await t.app.inject(
      as(w.agent, {
        method: 'PUT',
        url: '/api/talk/chamado/many',
        payload: {
          talks: [
            {
              talkId: a,
              version: va,
              talkValues: [{ subjectAttributeIdentifier: 'descricao', value: 'ok' }],
            },
            {
              talkId: b,
              version: vb,
              talkValues: [{ subjectAttributeIdentifier: 'situacao', value: st('Cancelado') }],
            },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(['talks.1.diagnostico', 'talks.1.detalhesdiagnostico', 'talks.1.ofensor']);
    // All or none: the first was not changed either.
    expect(valueOf(await getTicket(t, w.agent, a), 'descricao')).toBeNull();

    res = await t.app.inject(
      as(w.agent, {
        method: 'POST',
        url: '/api/talk/chamado/many',
        payload: {
          talks: [
            { talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Dois termos' }] },
            { talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Um' }] },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { field: 'talks.1.titulo', message: 'Título deve conter pelo menos 2 palavras' },
    ]);
  });

  it('lets the customer confirm a concluded ticket, never reopen or move it (issue 39 item 8)', async () => {
    const concluded = async () =>
      createTicket(
        t,
        w.admin,
        completeTicket(w, {
          situacao: st('Concluído, aguardando confirmação do cliente'),
          diagnostico: 'Defeito',
          detalhesdiagnostico: 'Rotina de cálculo arredondava antes de somar',
          ofensor: 'Desenvolvimento',
        }),
      );
    const id = await concluded();
    for (const status of ['Aberto', 'Em análise', 'Aguardando cliente', 'Cancelado', 'Concluído']) {
      const res = await putTicket(t, w.customer, id, { situacao: st(status) });
      expect([status, res.statusCode]).toEqual([status, 422]);
      expect(errorsOf(res)[0]).toEqual({
        field: 'situacao',
        message: `O status "${status}" não pode ser escolhido por clientes: escolha "Concluído, aguardando confirmação do cliente" ou "Finalizado". Para discordar da conclusão, escreva na conversa do chamado.`,
      });
    }
    const ticket = await getTicket(t, w.customer, id);
    expect(valueOf(ticket, 'situacao')).toBe(st('Concluído, aguardando confirmação do cliente'));
    // Keeping the status (a note in the description) and confirming are theirs.
    let res = await putTicket(t, w.customer, id, {
      situacao: st('Concluído, aguardando confirmação do cliente'),
      descricao: 'Vou testar amanhã',
    });
    expect(res.statusCode).toBe(200);
    res = await putTicket(t, w.customer, id, { situacao: st('Finalizado') });
    expect(res.statusCode).toBe(200);
    // Once confirmed, the status is the attendants' again.
    res = await putTicket(t, w.customer, id, { situacao: st('Aberto') });
    expect([res.statusCode, fieldsOf(res)[0]]).toEqual([422, 'situacao']);
    // The attendants move a concluded ticket back when the customer disagrees.
    const other = await concluded();
    res = await putTicket(t, w.agent, other, { situacao: st('Aberto') });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404, not a rule, for a ticket the customer cannot see', async () => {
    const id = await createTicket(t, w.admin, completeTicket(w, { cliente: w.otherClient }));
    const res = await t.app.inject(
      as(w.customer, {
        method: 'PUT',
        url: `/api/talk/chamado/${id}`,
        payload: { talkValues: [{ subjectAttributeIdentifier: 'situacao', value: st('Finalizado') }] },
      }),
    );
    expect(res.statusCode).toBe(404);
  });
});

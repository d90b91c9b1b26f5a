import { describe, expect, it } from 'vitest';
import {
  AWAITING_CUSTOMER_STATUS,
  resolveTicketWrite,
  ticketErrors,
  ticketRules,
  type TicketRuleInput,
  type TicketValues,
} from './ticket-rules.ts';

const STATUS: Record<number, string> = {
  1: 'Aberto',
  2: 'Em análise',
  3: 'Em desenvolvimento',
  4: 'Aguardando cliente',
  5: 'Aguardando desenvolvimento',
  6: AWAITING_CUSTOMER_STATUS,
  7: 'Finalizado',
  8: 'Cancelado',
  9: 'Concluído',
  10: 'Proposta comercial recusada',
};
const AGENT_ROOM = 5;
const TODAY = '2026-11-24';

/** A ticket with every field an attendant must fill when editing. */
const complete: TicketValues = {
  titulo: 'Erro ao emitir nota',
  cliente: 10,
  solicitante: 'Ana Silva',
  telefone: '(11) 3333-4444',
  situacao: 1,
  prioridade: 1,
  tipo: 1,
  software: 1,
  categoria: 1,
  subcategoria: 1,
};

function rules(
  values: TicketValues,
  previous: TicketValues | null,
  room = AGENT_ROOM,
  extra: Partial<TicketRuleInput> = {},
) {
  return ticketRules({
    values,
    previous,
    status: STATUS[Number(values.situacao)] ?? null,
    previousStatus: previous ? (STATUS[Number(previous.situacao)] ?? null) : null,
    room,
    today: TODAY,
    ...extra,
  });
}

const edit = (changes: TicketValues, previous: TicketValues = complete, room = AGENT_ROOM) =>
  rules({ ...previous, ...changes }, previous, room);

const errorFields = (r: ReturnType<typeof rules>) => ticketErrors(r).map((e) => e.field);

describe('ticket rules (000 §5)', () => {
  it('accepts a complete ticket and asks the title for two words', () => {
    expect(ticketErrors(edit({}))).toEqual([]);
    expect(edit({ titulo: 'Erro' }).titulo.error).toBe('Título deve conter pelo menos 2 palavras');
    expect(edit({ titulo: '' }).titulo.error).toBe('O campo Título é obrigatório');
  });

  it('asks the classification when editing, except in rooms 1 and 1196, never on creation', () => {
    const bare: TicketValues = { titulo: 'Dois termos', situacao: 1 };
    expect(errorFields(rules(bare, bare))).toEqual([
      'prioridade',
      'tipo',
      'software',
      'categoria',
      'subcategoria',
    ]);
    expect(rules(bare, bare).prioridade.error).toBe('É obrigatório selecionar um item da lista.');
    expect(errorFields(rules(bare, bare, 1))).toEqual([]);
    expect(errorFields(rules(bare, bare, 1196))).toEqual([]);
    expect(errorFields(rules(bare, null))).toEqual([]);
  });

  it('blocks a field until the one it depends on is filled, and drops it when that one changes', () => {
    const r = rules({ titulo: 'Dois termos', software: 1, solicitante: 'Ana' }, null);
    expect(r.software.blocked).toBe(true);
    expect(r.software.error).toBe('Preencha o campo Cliente antes de Software.');
    expect(r.solicitante.error).toBe('Preencha o campo Cliente antes de Solicitante.');
    const withCustomer = rules({ titulo: 'Dois termos', cliente: 10 }, null);
    expect(withCustomer.software.blocked).toBe(false);
    expect(withCustomer.categoria.blocked).toBe(true);
    expect(withCustomer.categoria.hint).toBe('Preencha primeiro o campo Software.');
    expect(withCustomer.categoria.error).toBeUndefined();
    const changed = edit({ cliente: 11 });
    expect([changed.software.reset, changed.categoria.reset, changed.subcategoria.reset]).toEqual([
      true,
      true,
      true,
    ]);
    expect([changed.solicitante.reset, changed.telefone.reset]).toEqual([true, true]);
    expect(edit({ categoria: 2 }).subcategoria.reset).toBe(true);
    expect(edit({ categoria: 2 }).software.reset).toBe(false);
  });

  it('asks the diagnosis for the closing statuses, with details of 2 words and 20 characters', () => {
    for (const id of [6, 7, 8, 9, 10]) {
      expect(errorFields(edit({ situacao: id }))).toEqual(['diagnostico', 'detalhesdiagnostico', 'ofensor']);
    }
    const closing = { situacao: 7, diagnostico: 'Falha', ofensor: 'Fornecedor' };
    expect(
      edit({ ...closing, detalhesdiagnostico: 'Muitopalavrasjuntasaqui' }).detalhesdiagnostico.error,
    ).toBe('Detalhes do diagnóstico deve conter pelo menos 2 palavras');
    expect(edit({ ...closing, detalhesdiagnostico: 'Erro de rede' }).detalhesdiagnostico.error).toBe(
      'Detalhes do diagnóstico deve conter pelo menos 20 caracteres',
    );
    expect(ticketErrors(edit({ ...closing, detalhesdiagnostico: 'Servidor sem espaço em disco' }))).toEqual(
      [],
    );
    expect(errorFields(edit({ situacao: 4 }))).toEqual([]);
  });

  it("asks the step forecast for 'em …' statuses and drops it when the status changes", () => {
    expect(edit({ situacao: 2 }).previsaoetapa.error).toBe('O campo Previsão da etapa é obrigatório');
    const inAnalysis = { ...complete, situacao: 2, previsaoetapa: '2026-11-30T12:00:00.000Z' };
    expect(ticketErrors(edit({}, inAnalysis))).toEqual([]);
    expect(edit({ situacao: 3 }, inAnalysis).previsaoetapa.reset).toBe(true);
    expect(edit({ prioridade: 2 }, inAnalysis).previsaoetapa.reset).toBe(false);
    const write = resolveTicketWrite({
      given: { situacao: 3 },
      previous: inAnalysis,
      statusName: (id) => STATUS[Number(id)] ?? null,
      room: AGENT_ROOM,
      today: TODAY,
    });
    expect(write.resets).toContain('previsaoetapa');
    expect(write.errors).toEqual([
      { field: 'previsaoetapa', message: 'O campo Previsão da etapa é obrigatório' },
    ]);
  });

  it("asks the ticket forecast for 'aguardando desenvolvimento', not before today", () => {
    expect(edit({ situacao: 5 }).previsaochamado.error).toBe('O campo Previsão do chamado é obrigatório');
    expect(edit({ situacao: 5, previsaochamado: '2026-11-23' }).previsaochamado.error).toBe(
      'A data/hora digitada não pode ser menor que data/hora atual: 24/11/2026',
    );
    expect(edit({ situacao: 5, previsaochamado: '2026-11-24' }).previsaochamado.error).toBeUndefined();
    // A forecast that has passed while the ticket waits does not block other changes.
    const waiting = { ...complete, situacao: 5, previsaochamado: '2026-11-01' };
    expect(ticketErrors(edit({ prioridade: 2 }, waiting))).toEqual([]);
  });

  it("drops the conclusion on entering an 'aguardando …' status", () => {
    const done = {
      ...complete,
      situacao: 2,
      previsaoetapa: '2026-11-30T12:00:00.000Z',
      conclusao: 'Resolvido',
    };
    expect(edit({ situacao: 4 }, done).conclusao.reset).toBe(true);
    expect(edit({ situacao: 3 }, done).conclusao.reset).toBe(false);
  });

  it('asks a reason when a forecast moves (the step one only while the status stays)', () => {
    const base = {
      ...complete,
      situacao: 2,
      previsaoetapa: '2026-11-30T12:00:00.000Z',
      previsaochamado: '2026-12-10',
    };
    const moved = edit({ previsaoetapa: '2026-12-01T12:00:00.000Z' }, base);
    expect(moved.motivoalteracao.required).toBe(true);
    expect(moved.motivoalteracao.error).toBe('Informe o motivo da alteração da previsão.');
    expect(edit({ previsaochamado: '2026-12-11' }, base).motivoalteracao.required).toBe(true);
    expect(
      edit({ situacao: 3, previsaoetapa: '2026-12-01T12:00:00.000Z' }, base).motivoalteracao.required,
    ).toBe(false);
    // The same instant written differently is not a change.
    expect(edit({ previsaoetapa: '2026-11-30T12:00:00Z' }, base).motivoalteracao.required).toBe(false);
    // The first forecast is not a change.
    expect(edit({ previsaochamado: '2026-12-11' }).motivoalteracao.required).toBe(false);
    // A reason written for an earlier change does not count for this one.
    const write = resolveTicketWrite({
      given: { previsaochamado: '2026-12-20' },
      previous: { ...base, motivoalteracao: 'Cliente pediu' },
      statusName: (id) => STATUS[Number(id)] ?? null,
      room: AGENT_ROOM,
      today: TODAY,
    });
    expect(write.errors.map((e) => e.field)).toEqual(['motivoalteracao']);
  });

  it('asks the rework ticket only with rework, and refuses it without', () => {
    expect(edit({ retrabalho: true }).chamadoretrabalho.error).toBe(
      'O campo Chamado de retrabalho é obrigatório',
    );
    expect(edit({ retrabalho: true, chamadoretrabalho: '123' }).chamadoretrabalho.error).toBeUndefined();
    const r = edit({ retrabalho: false, chamadoretrabalho: '123' });
    expect(r.chamadoretrabalho.blocked).toBe(true);
    expect(r.chamadoretrabalho.error).toBe(
      'O campo Chamado de retrabalho só pode ser preenchido quando Retrabalho for Sim.',
    );
    expect(edit({}).chamadoretrabalho.hint).toBe('Disponível quando Retrabalho for Sim.');
  });

  it('keeps customer, requester, phone and status of room 1196 as they are', () => {
    const r = edit({}, complete, 1196);
    expect([r.cliente.readOnly, r.solicitante.readOnly, r.telefone.readOnly, r.situacao.readOnly]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(r.situacao.hint).toBeUndefined();
    expect(edit({ cliente: 11 }, complete, 1196).cliente.error).toBe(
      'O campo Cliente não pode ser alterado.',
    );
    expect(edit({ situacao: 7 }, complete, 1196).situacao.error).toBe(
      'O campo Situação não pode ser alterado.',
    );
    // A new ticket: the customer says who it is for; the phone and the status are not theirs.
    const opening = rules({ titulo: 'Dois termos', cliente: 10, solicitante: 'Ana' }, null, 1196);
    expect([opening.cliente.readOnly, opening.solicitante.readOnly, opening.telefone.readOnly]).toEqual([
      false,
      false,
      true,
    ]);
    expect(ticketErrors(opening)).toEqual([]);
    expect(rules({ titulo: 'Dois termos', situacao: 2 }, null, 1196).situacao.error).toBe(
      'O campo Situação não pode ser preenchido.',
    );
    // …unless that is the default it starts with.
    expect(
      rules({ titulo: 'Dois termos', situacao: 1 }, null, 1196, { initial: { situacao: 1 } }).situacao.error,
    ).toBeUndefined();
  });

  it('lets room 1196 change the status awaiting its confirmation, with the hint', () => {
    const awaiting = {
      ...complete,
      situacao: 6,
      diagnostico: 'Falha',
      detalhesdiagnostico: 'Servidor sem espaço em disco',
      ofensor: 'Infra',
    };
    const r = edit({}, awaiting, 1196);
    expect(r.situacao.readOnly).toBe(false);
    expect(r.situacao.hint).toBe('Para concluir o chamado, altere o status para "Finalizado".');
    expect(ticketErrors(edit({ situacao: 7 }, awaiting, 1196))).toEqual([]);
  });

  it('lets room 1196 only confirm a concluded ticket, never reopen or move it (issue 39 item 8)', () => {
    const awaiting = {
      ...complete,
      situacao: 6,
      diagnostico: 'Falha',
      detalhesdiagnostico: 'Servidor sem espaço em disco',
      ofensor: 'Infra',
    };
    expect(edit({}, awaiting, 1196).situacao.choices).toEqual([AWAITING_CUSTOMER_STATUS, 'Finalizado']);
    for (const status of [1, 2, 4, 8, 9]) {
      expect(edit({ situacao: status }, awaiting, 1196).situacao.error).toBe(
        `O status "${STATUS[status] ?? ''}" não pode ser escolhido por clientes: escolha "${AWAITING_CUSTOMER_STATUS}" ou "Finalizado". Para discordar da conclusão, escreva na conversa do chamado.`,
      );
    }
    expect(ticketErrors(edit({ situacao: null }, awaiting, 1196)).map((e) => e.field)).toEqual(['situacao']);
    // Attendants keep every status; customers choose none elsewhere.
    expect(edit({ situacao: 1 }, awaiting).situacao.choices).toBeUndefined();
    expect(ticketErrors(edit({ situacao: 1 }, awaiting))).toEqual([]);
    expect(edit({}, complete, 1196).situacao.choices).toBeUndefined();
    expect(rules({ titulo: 'Dois termos' }, null, 1196).situacao.readOnly).toBe(true);
  });

  it('gives no rule to a field the subject does not have', () => {
    const r = rules({ titulo: 'Dois termos' }, { titulo: 'Dois termos' }, AGENT_ROOM, {
      fields: new Set(['titulo', 'situacao']),
    });
    expect(ticketErrors(r)).toEqual([]);
    expect(r.prioridade.required).toBe(false);
  });
});

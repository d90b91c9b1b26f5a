import { describe, expect, it } from 'vitest';
import {
  formatMs,
  runDuration,
  runRecordPath,
  stepDetailLines,
  triggerLines,
  triggerText,
} from './run-detail.ts';

const plain = (lines: { label: string; value: string; to?: string }[]) =>
  lines.map((l) => (l.value ? `${l.label}: ${l.value}` : l.label) + (l.to ? ` → ${l.to}` : ''));

describe('how the run history reads a run', () => {
  it('durations in pt-BR', () => {
    expect(formatMs(0)).toBe('0 ms');
    expect(formatMs(999.6)).toBe('1,0 s');
    expect(formatMs(1250)).toBe('1,3 s');
    expect(formatMs(125_000)).toBe('2 min 5 s');
    expect(runDuration({ startedAt: null, finishedAt: null })).toBeNull();
    expect(
      runDuration({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:00.080Z' }),
    ).toBe('80 ms');
    // Still running: the time so far.
    expect(
      runDuration(
        { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: null },
        Date.parse('2026-01-01T00:00:03Z'),
      ),
    ).toBe('3,0 s');
  });

  it('triggers: the event and its labels, who, what changed; a tag, a file; a parent job; a retry', () => {
    expect(triggerText({ kind: 'event', eventType: 10 })).toBe('Evento: Etiqueta adicionada');
    expect(
      plain(triggerLines({ kind: 'event', eventType: 10, accountName: 'Ana', tagId: 4, tagName: 'VIP' })),
    ).toEqual(['por Ana', 'Etiqueta: VIP']);
    expect(plain(triggerLines({ kind: 'event', eventType: 9, fileName: 'nota.pdf' }))).toEqual([
      'Arquivo: nota.pdf',
    ]);
    expect(plain(triggerLines({ kind: 'event', eventType: 7, messageId: 55 }))).toEqual(['Mensagem #55']);
    expect(triggerText({ kind: 'existing', accountName: 'Ana' })).toBe('Registros existentes');
    expect(triggerText({ kind: 'parent', parentRunId: 3, parentJobId: 2, parentJobName: 'Pai' })).toBe(
      'Automação do registro pai: Pai',
    );
    expect(plain(triggerLines({ kind: 'parent', parentRunId: 3, parentJobId: 2 }))).toEqual([
      'Execução #3 → /automation/history/2',
    ]);
    expect(triggerText({ kind: 'retry', fromRunId: 9 })).toBe('Nova tentativa de #9');
    expect(triggerText({ kind: 'schedule', slot: null })).toBe('Agendamento');
  });

  it('each kind says what it did', () => {
    expect(
      plain(
        stepDetailLines('NewTalk', {
          subject: 'tarefa',
          values: [{ attribute: 'Assunto', value: '' }],
          createdTalkId: 12,
        }),
      ),
    ).toEqual(['Assunto: (vazio)', 'Registro criado: #12 → /context/talk/tarefa/12']);
    expect(
      plain(
        stepDetailLines('SetTalkValueByFilter', {
          subject: 'chamado',
          values: [{ attribute: 'Situação', value: 'Fechado' }],
          records: 23,
          talkIds: [1, 2],
        }),
      ),
    ).toEqual(['Situação: Fechado', 'Registros: 23 registros: #1, #2 e mais 21']);
    expect(
      plain(stepDetailLines('RemoveTalkTag', { tags: [{ tagId: 1, name: null, changed: false }] })),
    ).toEqual(['Etiqueta: #1 (o registro não a tinha)']);
    expect(
      plain(
        stepDetailLines('SendEmail', {
          emails: [
            { to: ['a@b.co'], more: 3, subject: 'Olá', attachments: 2, alreadyDone: true },
            { to: [], subject: 'x', skipped: 'noChanges' },
          ],
        }),
      ),
    ).toEqual([
      'Destinatários: a@b.co e mais 3',
      'Assunto: Olá',
      'Anexos: 2',
      'Já feito por uma tentativa anterior; nada foi repetido.',
      'Não enviado: nenhuma alteração a relatar',
    ]);
    expect(
      plain(
        stepDetailLines('HttpRequest', {
          requests: [{ method: 'GET', url: 'https://x.test/', status: null }],
        }),
      ),
    ).toEqual(['Requisição: GET https://x.test/', 'Resposta: sem resposta']);
    expect(
      plain(
        stepDetailLines('Notification', {
          notifications: [{ notificationId: 4, name: 'Aviso', recipients: 1 }],
        }),
      ),
    ).toEqual(['Notificação: Aviso — 1 destinatário']);
    expect(plain(stepDetailLines('SetTalkDialog', { messages: [{ text: 'Oi', visibleTo: null }] }))).toEqual([
      'Mensagem: Oi',
      'Visível para: todos que leem o registro',
    ]);
    expect(
      plain(
        stepDetailLines('ExecuteParentJob', {
          calls: [
            { jobId: 2, jobName: 'Pai', talkId: 7 },
            { jobId: 2, jobName: null, talkId: null },
          ],
        }),
      ),
    ).toEqual([
      'Automação: Pai no registro #7 → /automation/history/2',
      'Automação: #2: o registro não tem registro pai',
    ]);
    // An integration's detail: its plain values; nothing reported, nothing shown.
    expect(plain(stepDetailLines('SitaIntegration', { protocolo: 'A1', itens: [1] }))).toEqual([
      'protocolo: A1',
    ]);
    expect(stepDetailLines('SendEmail', null)).toEqual([]);
  });

  it("a run's record opens at its talk view when its subject is known", () => {
    expect(runRecordPath({ talkId: 5, subject: 'chamado' })).toBe('/context/talk/chamado/5');
    expect(runRecordPath({ talkId: 5, subject: null })).toBeUndefined();
    expect(runRecordPath({ talkId: null, subject: 'chamado' })).toBeUndefined();
  });
});

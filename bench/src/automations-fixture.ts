import { api, benchEnv, signIn } from './setup.ts';
import type { RunningServer } from './server.ts';

/**
 * What every part of `npm run bench:automations` (automations.ts) starts from: the server's
 * environment, the administrator's sign-in, the `pedido` subject with the job "on create,
 * SetTalkValueByEvent nota = ok", and WRITERS connections creating records.
 */
export const WRITERS = Number(process.env.WRITERS ?? 8);
const admin = { email: 'automations@talkbase.test', password: 'Automations-Bench-2026' };
export const env = benchEnv(admin, { AUTOMATIONS_POLL_MS: '100', DATABASE_URL: '' });

export const login = (server: RunningServer): Promise<string> => signIn(server, admin);

export interface SetUp {
  subjectId: number;
  nota: number;
  /** 0 with NO_JOB=1. */
  jobId: number;
}

/** The subject and the job (the job unless NO_JOB=1). */
export async function setUp(server: RunningServer, token: string): Promise<SetUp> {
  const subject = (await api(server, token, 'POST', '/api/subject', {
    identifier: 'pedido',
    name: 'Pedido',
    attributes: [
      { identifier: 'titulo', name: 'Título', componentId: 1 },
      { identifier: 'nota', name: 'Nota', componentId: 1 },
    ],
  })) as { subjectId: number; subjectAttributes: { subjectAttributeId: number; identifier: string }[] };
  const sid = subject.subjectId;
  const nota = subject.subjectAttributes.find((a) => a.identifier === 'nota')?.subjectAttributeId ?? 0;
  if (process.env.NO_JOB === '1') return { subjectId: sid, nota, jobId: 0 };
  const job = await api(server, token, 'POST', '/api/job', {
    name: 'Marcar na criação',
    events: [
      {
        name: 'Criação',
        steps: [
          { eventStepType: 5, subjectId: sid, filterName: 'Todos', filter: { condition: 'E', rules: [] } },
        ],
      },
    ],
    works: [
      {
        name: 'Marcar',
        steps: [
          {
            workStepType: 'SetTalkValueByEvent',
            name: 'Nota',
            configs: [{ subjectId: sid, subjectAttributeId: nota, value: 'ok', setAttributeValueType: 1 }],
          },
        ],
      },
    ],
  });
  return { subjectId: sid, nota, jobId: Number(job.jobId) };
}

/** WRITERS concurrent loops creating records until `total` were sent; ids of the acknowledged ones. */
export async function createRecords(
  server: RunningServer,
  token: string,
  total: number,
  latencies: number[],
  acked: number[],
  stopOn?: () => boolean,
): Promise<number> {
  let sent = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (sent < total && !stopOn?.()) {
        const n = sent++;
        const t0 = performance.now();
        try {
          const r = await api(server, token, 'POST', '/api/talk/pedido', {
            talkValues: [{ subjectAttributeIdentifier: 'titulo', value: `Pedido ${n}` }],
          });
          latencies.push(performance.now() - t0);
          acked.push(Number(r.resourceId));
        } catch {
          failed += 1;
          if (stopOn) return; // the server went away
        }
      }
    }),
  );
  return failed;
}

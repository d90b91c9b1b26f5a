import { env, login, setUp } from './automations-fixture.ts';
import { openProbe } from './automations-probe.ts';
import { startServer } from './server.ts';
import { api } from './setup.ts';

/** A schedule job every minute: how long after its slot the run is created, started and finished. */
export async function scheduleLatency(): Promise<string> {
  const server = await startServer(env);
  try {
    const token = await login(server);
    const { subjectId, nota } = await setUp(server, token);
    await api(server, token, 'POST', '/api/talk/pedido', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Agendado' }],
    });
    await api(server, token, 'POST', '/api/job', {
      name: 'A cada minuto',
      events: [
        {
          name: 'Agenda',
          steps: [
            {
              eventStepType: 4,
              subjectId,
              filterName: 'Todos',
              filter: { condition: 'E', rules: [] },
              cron: '0 0/1 * ? * 1,2,3,4,5,6,7 *',
            },
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
              configs: [{ subjectId, subjectAttributeId: nota, value: 'agendado', setAttributeValueType: 1 }],
            },
          ],
        },
      ],
    });
    const probe = await openProbe(server.dataDir, null);
    try {
      for (let i = 0; i < 1500; i++) {
        const [row] = await probe.all(
          `select cause, created_at, started_at, finished_at from automation_runs
            where kind = 'schedule' and finished_at is not null order by id limit 1`,
        );
        if (row) {
          const slot = Number(String(row.cause).slice(1));
          return [
            '### Schedule (SQLite, AUTOMATIONS_POLL_MS=100, cron every minute, one record)',
            '',
            '| figure | ms after the slot |',
            '|---|---|',
            `| run created | ${Number(row.created_at) - slot} |`,
            `| run started | ${Number(row.started_at) - slot} |`,
            `| run finished | ${Number(row.finished_at) - slot} |`,
          ].join('\n');
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return '### Schedule: no run within 150 s';
    } finally {
      await probe.close();
    }
  } finally {
    await server.stop();
  }
}

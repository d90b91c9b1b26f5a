import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/harness.ts';
import { postgresBus, type Envelope, type RealtimeBus } from './bus.ts';

/** The instances' bus on PostgreSQL (NOTIFY/LISTEN); one process is `localBus`, nothing to test. */
describe.runIf(testDatabaseUrl)('realtime bus between instances (PostgreSQL)', () => {
  const url = testDatabaseUrl ?? '';
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const channel = `tb_bus_test_${crypto.randomBytes(4).toString('hex')}`;
  const buses: RealtimeBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await pool.end();
  });

  async function instance(received: Envelope[], errors: unknown[]): Promise<RealtimeBus> {
    const bus = postgresBus({ pool, connectionString: url, channel, onError: (err) => errors.push(err) });
    await bus.start((e) => received.push(e));
    buses.push(bus);
    return bus;
  }

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it('delivers every envelope published together to every instance, in the order published, and refuses only one too large', async () => {
    const errors: unknown[] = [];
    const atPublisher: Envelope[] = [];
    const atOther: Envelope[] = [];
    const publisher = await instance(atPublisher, errors);
    await instance(atOther, errors);

    const sent: Envelope[] = Array.from({ length: 300 }, (_, i) => ({
      companyId: 1,
      event: 'SendTalkUpdates',
      data: { subject: 'chamado', talkIds: [i + 1], note: 'ação nº ' + String(i) },
    }));
    const huge: Envelope = { companyId: 1, event: 'SendTalkUpdates', data: { text: 'x'.repeat(9_000) } };
    const results = await Promise.allSettled([
      ...sent.slice(0, 150).map((e) => publisher.publish(e)),
      publisher.publish(huge),
      ...sent.slice(150).map((e) => publisher.publish(e)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(results[150]?.status).toBe('rejected');

    await until(() => atOther.length >= sent.length && atPublisher.length >= sent.length);
    expect(atOther).toEqual(sent);
    expect(atPublisher).toEqual(sent);
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, errorsOf } from '../../test/harness.ts';
import { createCast, type Cast } from '../messages/messages-test-setup.ts';

let c: Cast;
beforeAll(async () => {
  c = await createCast();
}, 60_000);
afterAll(() => c.t.close());

function csvUpload(token: string, csv: string) {
  const boundary = '----talkbasecustomer';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\ntrue\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chamados.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return c.t.app.inject(
    as(token, {
      method: 'POST',
      url: '/api/talk/import/chamado',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }),
  );
}

describe('a customer and CSV import (issue 39 item 8)', () => {
  it('is refused for a customer even with create on the subject; an attendant with create imports', async () => {
    const customer = await csvUpload(c.tokens.customer, 'titulo\nVários chamados de uma vez');
    expect(customer.statusCode).toBe(403);
    expect(errorsOf(customer)[0]?.message).toBe(
      'Clientes não importam registros: abra cada chamado pelo formulário.',
    );
    const agent = await csvUpload(c.tokens.agent1, 'titulo\nImportado');
    expect(agent.statusCode, agent.body).toBe(200);
  });
});

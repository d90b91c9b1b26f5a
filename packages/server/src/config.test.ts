import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults that run on one machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seed: 'demo',
      databaseUrl: undefined,
      bodyLimit: 1024 * 1024,
      databaseStatementTimeoutMs: 30_000,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('names each bad variable and why, without echoing secrets', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://secret@x',
        ADMIN_PASSWORD: 'short',
        SEED: 'lots',
        DATABASE_STATEMENT_TIMEOUT_MS: '-1',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT: PORT deve ser um número inteiro (valor: "abc")');
      expect(problems).toContain('DATABASE_URL: deve começar com postgres:// ou postgresql://');
      expect(problems).toContain('ADMIN_PASSWORD: deve ter pelo menos 10 caracteres');
      expect(problems).toContain('SEED: use demo ou none');
      expect(problems).toContain(
        'DATABASE_STATEMENT_TIMEOUT_MS: DATABASE_STATEMENT_TIMEOUT_MS deve ser um número inteiro',
      );
      expect(problems).not.toContain('secret');
      expect(problems).not.toContain('short');
    }
  });

  it('believes X-Forwarded-For from nobody, everybody, or only the proxy addresses given', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(
      /TRUST_PROXY: use true, false ou os endereços/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined });
  });
});

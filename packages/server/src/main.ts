import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts one server instance; SIGTERM/SIGINT stop it gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // The heap's garbage goes back to the system when the server is quiet (runtime/idle-memory.ts).
  const app = await buildApp({ config, releaseIdleMemory: true });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} recebido: encerrando (aguardando requisições em andamento)`);
    // Stops accepting, lets in-flight requests finish, then closes sockets and the database.
    const force = setTimeout(() => {
      app.log.error('encerramento excedeu 10 s; saindo');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'erro ao encerrar');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha ao iniciar o Talkbase: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

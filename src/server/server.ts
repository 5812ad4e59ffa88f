import * as pages from '../web/app/entry-server.tsx';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { serveBackups } from './features/operations/backup.ts';
import { claimDataDir } from './features/operations/control-socket.ts';
import { photoStoreFor } from './features/photos/store.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { webDistDir } from './platform/paths.ts';
import { PRIVATE_UMASK } from './platform/private-files.ts';

// The only file that listens.
async function main() {
  // What it writes (the database, backups, photos) is this user's alone (docs/operations.md#the-data-directory).
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const startedAt = performance.now();
  const photoStore = await photoStoreFor(config);
  // PGlite: DATA_DIR is this process's alone, and backups are asked of it (docs/operations.md#backups).
  const claim = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, 'the server', 'one process at a time may open the database in it');
  const database = await prepareDatabase(config, (msg) => console.log(msg), photoStore).catch(async (error) => {
    await claim?.close();
    throw error;
  });
  const app = await buildApp({ config, database, webDir: webDistDir, pages, photoStore });
  if (claim) await serveBackups(claim, database, config, (info) => app.log.info(info, 'backup taken'));
  app.addHook('onClose', async () => {
    // A backup under way is cut off (its client says so) rather than holding the shutdown up.
    await claim?.close();
    await database.close();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on; requests are still served for SHUTDOWN_DRAIN_MS, so a
    // balancer polling /readyz moves traffic away first; then Fastify answers 503 to new requests
    // and finishes those in flight.
    app.shuttingDown = true;
    const drainMs = config.shutdownDrainMs;
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s after draining; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info({ db: database.kind, startupMs: Math.round(performance.now() - startedAt) }, 'ready');
  console.log(`Laptop Haat is ready at http://${host}:${port} (${database.kind})`);
}

main().catch((error) => {
  // Bad configuration is one clear line naming the variable.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Laptop Haat failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

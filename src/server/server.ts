import * as pages from '../web/app/entry-server.tsx';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { photoStoreFor } from './lib/photo-store.ts';
import { webDistDir } from './paths.ts';

// The only file that listens.
async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  const photoStore = await photoStoreFor(config);
  const database = await prepareDatabase(config, (msg) => console.log(msg), photoStore);
  const app = await buildApp({ config, database, webDir: webDistDir, pages, photoStore });
  app.addHook('onClose', () => database.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on; Fastify answers 503 to new requests once close() starts.
    app.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
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

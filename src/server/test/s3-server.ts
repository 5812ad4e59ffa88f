import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real S3 API server (s3rver) for tests of code that talks to a bucket: its own port on
// 127.0.0.1, its own temporary directory, one bucket made before it listens.
// It checks the access key id but not SigV4 signatures or checksums: a wrong secret still passes.
// `stop()` and `start()` take it away and bring it back on the same port with the same files: an
// outage of the photo store.

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops listening and cuts every open connection; the bucket's files stay. */
  stop(): Promise<void>;
  /** Listens again on the same port, with the files it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

// s3rver ships no types; only the part used here is described.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: import('node:http').Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export async function startS3Server(bucket = 'laptop-haat-photos'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'lh-s3rver-'));
  const listen = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, address: await server.run() };
  };
  let running: S3rverInstance | undefined;
  let port: number;
  try {
    const first = await listen(0);
    running = first.server;
    port = first.address.port;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    const server = running;
    running = undefined;
    if (!server) return;
    // Keep-alive connections too: clients see the bucket go, not a server that lingers.
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // The credentials s3rver accepts unless told otherwise.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop,
    async start() {
      if (running) return;
      running = (await listen(port)).server;
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports.ts';

// A redis-server of a test's own, on a free port, that the test may stop and start again on the
// same port (the shared one on 6379 must never be stopped: other tests use it).

export interface RedisServer {
  port: number;
  url: string;
  /** Kills it at once (SIGKILL), as a crash would; resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await accepts(port))) {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await sleep(50);
      }
    },
  };
  await server.start();
  return server;
}

export interface TcpProxy {
  url: string;
  /** Closes every connection through it and refuses new ones, as a network cut would. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  mend(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `port` on this machine: cutting it cuts off whoever connects through it, while
 * others connected directly go on (one instance losing Redis while the others keep it).
 */
export async function tcpProxy(port: number): Promise<TcpProxy> {
  const own = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(port, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(own, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  return { url: `redis://127.0.0.1:${own}`, cut, mend: listen, close: cut };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

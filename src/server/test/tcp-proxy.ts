import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy in front of a server (PostgreSQL in the outage tests) that can be taken away on
// demand: `down()` closes every connection through it and refuses new ones (the port closed, as
// a stopped server's is: ECONNREFUSED), `up()` serves again on the same port. The real server is
// never touched, so other tests on it go on.

export interface TcpProxy {
  /** The port the proxy listens on (kept across down/up). */
  port: number;
  /** Ends every connection and stops listening: new connections are refused. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        tieSockets(client, upstream, sockets);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    down,
    up: () => (server ? Promise.resolve() : listen()),
    close: down,
  };
}

/**
 * Tracks a client and its upstream in `sockets` and ends both when either ends or fails (the
 * proxies of the tests and the bench's statement recorder).
 */
export function tieSockets(client: Socket, upstream: Socket, sockets: Set<Socket>): void {
  sockets.add(client).add(upstream);
  const end = () => {
    client.destroy();
    upstream.destroy();
    sockets.delete(client);
    sockets.delete(upstream);
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
}

// A PostgreSQL wire-protocol recorder: a TCP proxy between the app and the database that passes
// every byte through unchanged and notes each statement the app runs — its text and the parameter
// values exactly as the driver sent them — with when it was sent and when the database answered.
// The yardstick (bench/yardstick.ts) replays what it notes, so its SQL is the app's, not retyped.
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { tieSockets } from '../src/server/test/tcp-proxy.ts';

export interface Executed {
  /** Which of the app's connections ran it (its pool connection, numbered as they opened). */
  conn: number;
  sql: string;
  /** Text-format values as sent (node-postgres sends every value as text); null is SQL NULL. */
  params: (string | null)[];
  /** The prepared statement's name when the app ran one by name (platform/db/prepared.ts `namedOnce`). */
  name?: string;
  /** performance.now() when the Execute (or simple Query) passed, and when ReadyForQuery came back. */
  start: number;
  end: number;
}

export interface Recorder {
  port: number;
  /** Everything executed so far, in the order the statements were sent. */
  executed: Executed[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** Splits a byte stream into protocol messages as they arrive (a message may span chunks). */
function framer(typed: () => boolean, onMessage: (type: number, body: Buffer) => void) {
  let buf: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const head = typed() ? 1 : 0;
      if (buf.length < head + 4) return;
      const len = buf.readInt32BE(head);
      if (buf.length < head + len) return;
      onMessage(head ? buf[0]! : 0, buf.subarray(head + 4, head + len));
      buf = buf.subarray(head + len);
    }
  };
}

const cstring = (b: Buffer, at: number): [string, number] => {
  const end = b.indexOf(0, at);
  return [b.toString('utf8', at, end), end + 1];
};

export async function startRecorder(target: { host: string; port: number }): Promise<Recorder> {
  const executed: Executed[] = [];
  const sockets = new Set<Socket>();
  let conns = 0;

  const server: Server = createServer((client) => {
    const conn = ++conns;
    const upstream = connect(target.port, target.host);
    tieSockets(client, upstream, sockets);

    let started = false; // past the start-up message (which has no type byte)
    let sslAsked = false; // the server answers an SSL or GSS request with one untyped byte
    const statements = new Map<string, string>(); // prepared statement name → text
    const portals = new Map<string, { sql: string; params: (string | null)[]; name?: string }>();
    const waiting: Executed[] = []; // sent, not yet answered with ReadyForQuery

    const fromClient = framer(
      () => started,
      (type, b) => {
        if (!started) {
          const code = b.readInt32BE(0);
          if (code === SSL_REQUEST || code === GSS_REQUEST) sslAsked = true;
          else started = true;
          return;
        }
        const t = String.fromCharCode(type);
        if (t === 'P') {
          const [name, at] = cstring(b, 0);
          const [text] = cstring(b, at);
          statements.set(name, text);
        } else if (t === 'B') {
          const [portal, afterPortal] = cstring(b, 0);
          const [stmt, afterStmt] = cstring(b, afterPortal);
          let at = afterStmt;
          const nFormats = b.readInt16BE(at);
          const formats = Array.from({ length: nFormats }, (_, i) => b.readInt16BE(at + 2 + 2 * i));
          at += 2 + 2 * nFormats;
          const n = b.readInt16BE(at);
          at += 2;
          const params: (string | null)[] = [];
          for (let i = 0; i < n; i += 1) {
            const len = b.readInt32BE(at);
            at += 4;
            if (len < 0) {
              params.push(null);
              continue;
            }
            const binary = (nFormats === 1 ? formats[0] : formats[i]) === 1;
            if (binary) throw new Error('the recorder meets a binary parameter: replaying it would need its type');
            params.push(b.toString('utf8', at, at + len));
            at += len;
          }
          portals.set(portal, { sql: statements.get(stmt) ?? '', params, ...(stmt ? { name: stmt } : {}) });
        } else if (t === 'E') {
          const [portal] = cstring(b, 0);
          const p = portals.get(portal);
          if (p) waiting.push({ conn, ...p, start: performance.now(), end: 0 });
        } else if (t === 'Q') {
          const [text] = cstring(b, 0);
          waiting.push({ conn, sql: text, params: [], start: performance.now(), end: 0 });
        }
      },
    );
    const fromServer = framer(
      () => true,
      (type) => {
        // ReadyForQuery: everything sent before the last Sync (or the simple Query) is answered.
        if (type !== 0x5a) return;
        const now = performance.now();
        for (const e of waiting.splice(0)) {
          e.end = now;
          executed.push(e);
        }
      },
    );
    let serverStarted = false;
    client.on('data', (c: Buffer) => {
      fromClient(c);
      upstream.write(c);
    });
    upstream.on('data', (c: Buffer) => {
      client.write(c);
      let chunk = c;
      if (!serverStarted && sslAsked) {
        // The one-byte answer to an SSL/GSS request ('N': not offered) precedes the typed messages.
        chunk = c.subarray(1);
        sslAsked = false;
      }
      serverStarted = true;
      if (chunk.length) fromServer(chunk);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    executed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

import { createHash } from 'node:crypto';
import { mkdir, chmod as setMode, unlink } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// One process at a time on DATA_DIR, and a way to ask that process for a backup
// (docs/operations.md#backups). PGlite opens a data directory from one process only (a second one
// opening it is not refused, and corrupts it), so whoever opens DATA_DIR/pglite (the server, a
// maintenance command) first listens on DATA_DIR/control.sock: a second claim finds it answering and
// is refused. It is a Unix socket (mode 600), so only someone who may read DATA_DIR can ask; that is
// the authority a backup needs anyway.
//
// The protocol: the client sends one line (a command), the holder answers one JSON line
// (`{"ok":true,…}` or `{"ok":false,"error":…}`) and then, for some commands, the payload's bytes
// until it closes the connection.

export type Reply = { ok: true; [key: string]: unknown } | { ok: false; error: string };

/** Writes the answer's header; the handler then writes its payload, if any, and ends the socket. */
export type Handler = (socket: Socket, reply: (header: Reply) => void) => Promise<void>;

export interface Holder {
  /** What holds DATA_DIR, for messages: "the server", "db:restore"… */
  holder: string;
  pid: number;
}

export interface DataDirClaim {
  readonly path: string;
  /** Answers `command` with `handler` from now on; other commands are refused, naming the holder. */
  handle(command: string, handler: Handler): void;
  /** Stops answering, cuts requests under way (their client sees the answer end early), releases DATA_DIR. */
  close(): Promise<void>;
}

export class DataDirHeld extends Error {
  constructor(
    readonly dataDir: string,
    readonly by: Holder,
    advice: string,
  ) {
    super(
      `DATA_DIR (${dataDir}) is in use by ${by.holder}${by.pid ? ` (pid ${by.pid})` : ''}${advice ? `: ${advice}` : ''}`,
    );
  }
}

// sockaddr_un holds 108 bytes with the terminating NUL on Linux (104 on macOS).
const MAX_SOCKET_PATH = 103;
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * DATA_DIR/control.sock; for a DATA_DIR too deep for a socket's path, a socket named after
 * DATA_DIR's full path in a directory of this user's own (mode 700) under the temporary directory,
 * so every process on DATA_DIR finds the same one and only this user can reach it.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = join(dataDir, 'control.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 32);
  return join(tmpdir(), `laptop-haat-${process.getuid?.() ?? 'user'}`, `${id}.sock`);
}

/**
 * Claims DATA_DIR for this process (`holder` names it in others' messages); throws DataDirHeld when
 * another live process holds it, its message ending with `advice`. A socket file left by a process
 * that died is taken over.
 */
export async function claimDataDir(dataDir: string, holder: string, advice = ''): Promise<DataDirClaim> {
  const path = controlSocketPath(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (dirname(path) !== resolve(dataDir)) {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await setMode(dirname(path), 0o700);
  }
  const handlers = new Map<string, Handler>();
  const open = new Set<Socket>();
  const underWay = new Set<Promise<void>>();
  const self: Holder = { holder, pid: process.pid };

  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    const work = serve(socket, self, handlers).finally(() => underWay.delete(work));
    underWay.add(work);
  });

  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(path, () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const by = await whoHolds(dataDir);
      if (by) throw new DataDirHeld(dataDir, by, advice);
      if (attempt > 2) throw error;
      // Nobody answers: its process died without closing it (SIGKILL, a crash).
      await unlink(path).catch(() => {});
    }
  }
  await setMode(path, 0o600);

  return {
    path,
    handle: (command, handler) => void handlers.set(command, handler),
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of open) socket.destroy();
      await Promise.allSettled([...underWay]);
      await closed;
    },
  };
}

async function serve(socket: Socket, self: Holder, handlers: Map<string, Handler>): Promise<void> {
  let headerSent = false;
  const reply = (header: Reply) => {
    headerSent = true;
    socket.write(`${JSON.stringify(header)}\n`);
  };
  try {
    socket.setTimeout(ANSWER_TIMEOUT_MS);
    const { line } = await readLine(socket, 256);
    socket.setTimeout(0);
    const command = line.trim();
    const handler = handlers.get(command);
    if (command === 'who') {
      reply({ ok: true, ...self });
      socket.end();
    } else if (!handler) {
      reply({
        ok: false,
        error: `DATA_DIR is in use by ${self.holder} (pid ${self.pid}), which does not take "${command}" now`,
      });
      socket.end();
    } else {
      await handler(socket, reply);
    }
  } catch (error) {
    if (headerSent || socket.destroyed) socket.destroy();
    else {
      reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
      socket.end();
    }
  }
}

/**
 * Sends `command` to the process holding DATA_DIR: its answer's header, and the socket to read the
 * payload from (already past the header). Undefined when no process holds DATA_DIR.
 */
export async function ask(
  dataDir: string,
  command: string,
  { timeoutMs = 0 } = {},
): Promise<{ header: Reply; socket: Socket } | undefined> {
  const socket = connect(controlSocketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    socket.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  socket.write(`${command}\n`);
  try {
    // Unlimited by default: a backup's header comes once the database is copied.
    socket.setTimeout(timeoutMs);
    const { line } = await readLine(socket, 64 * 1024);
    socket.setTimeout(0);
    return { header: JSON.parse(line) as Reply, socket };
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** Which process holds DATA_DIR, or undefined when none does. */
export async function whoHolds(dataDir: string): Promise<Holder | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const answer = await ask(dataDir, 'who', { timeoutMs: ANSWER_TIMEOUT_MS });
      if (!answer) return undefined;
      answer.socket.destroy();
      const { header } = answer;
      if (header.ok) return { holder: String(header.holder), pid: Number(header.pid) };
    } catch {
      // The holder let go while answering (asked again), or takes connections but does not answer.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { holder: 'a process that does not answer', pid: 0 };
}

/** The first line from `socket`; what came after it is put back, and the socket paused. */
function readLine(socket: Socket, max: number): Promise<{ line: string }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const done = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', reject);
      socket.off('timeout', onTimeout);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(10);
      if (end >= 0) {
        done();
        socket.pause();
        if (end + 1 < buffered.length) socket.unshift(buffered.subarray(end + 1));
        resolve({ line: buffered.subarray(0, end).toString('utf8') });
      } else if (buffered.length > max) {
        done();
        reject(new Error('the control socket got a line too long'));
      }
    };
    const onEnd = () => {
      done();
      reject(new Error('the process holding DATA_DIR closed the connection without answering'));
    };
    const onTimeout = () => {
      done();
      reject(new Error('the process holding DATA_DIR did not answer'));
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', reject);
    socket.once('timeout', onTimeout);
  });
}

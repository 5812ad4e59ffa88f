// The browser tests' mail server: a real SMTP server (smtp-server) that scripts/e2e-server.mjs
// starts beside the app, writing every message it receives as a file the tests read
// (e2e/password-reset.spec.ts). One directory per E2E_PORT, so checkouts on one machine keep apart.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the messages of the e2e server on `port` are written, one `.eml` file each. */
export function e2eMailDir(port) {
  return join(tmpdir(), `laptop-haat-e2e-mail-${port}`);
}

/** Starts the SMTP server on a free port of 127.0.0.1; resolves to its smtp:// URL and a stop function. */
export async function startE2eSmtp(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        n += 1;
        writeFileSync(join(dir, `${Date.now()}-${n}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

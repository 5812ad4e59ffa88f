import { type ChildProcess, spawn } from 'node:child_process';

// The real server.ts as a child process, as `npm start` runs it (through tsx instead of the build).
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/lingui-register.mjs', 'src/server/server.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        BASE_URL: '',
        // As in the API tests' configuration (test/env.ts): a test seller lists without end.
        LISTINGS_PER_DAY_BEFORE_REVIEW: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/ready at (http:\/\/[\d.]+:\d+)/);
      if (m) resolve({ child, url: m[1]!, output: () => out, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function signUpOver(url: string, role: 'buyer' | 'seller', email: string) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: `${role} ${email}`, email, password: 'Secret@123', role }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

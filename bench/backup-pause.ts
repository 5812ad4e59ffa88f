// `npm run bench:backup` (docs/operations.md#backups): how long an embedded-database backup holds the
// shop up. A PGlite database of about 100 MB (`db:seed -- --laptops N`), the built server on it, and
// two loops of cheap requests from 4 connections each: `/readyz` (one query: it waits for the
// database) and `/healthz` (no query: it waits only for the process). Their latencies are recorded
// for BASELINE_SECONDS without a backup, then while `db:backup` runs RUNS times; the pause is the
// longest answer seen during a backup. Writes its result under `backup` in bench/results.json,
// leaving the other keys as they are.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServer, stopServer } from './harness.ts';

const LAPTOPS = Number(process.env.BENCH_BACKUP_LAPTOPS ?? 23_500);
const RUNS = Number(process.env.BENCH_BACKUP_RUNS ?? 3);
const BASELINE_SECONDS = Number(process.env.BENCH_BACKUP_BASELINE_SECONDS ?? 5);
const CONNECTIONS = 4;
// A seeded DATA_DIR to copy instead of seeding (seeding takes half a minute); made there if absent.
const TEMPLATE = process.env.BENCH_BACKUP_TEMPLATE;
const SECRET = 'bench-secret-bench-secret-0123456789abcdef';

export interface BackupBench {
  /** The shop's database (pg_database_size), and the data directory as a whole (with WAL). */
  data_mb: number;
  data_dir_mb: number;
  laptops: number;
  /** The longest answer of a query-making request (/readyz) while a backup ran, worst of the runs. */
  pause_ms: number;
  /** The same for a request that makes no query (/healthz): the process itself held up. */
  process_pause_ms: number;
  /** What the server reported: how long the database answered nothing else, worst of the runs. */
  server_paused_ms: number;
  baseline_p99_ms: number;
  baseline_max_ms: number;
  /** `db:backup` from start to a complete file, median of the runs. */
  backup_ms: number;
  archive_mb: number;
  runs: number;
  /** The machine's 1-minute load average when the measurement began (2 cores). */
  load_1m: number;
}

function run(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', AUTH_SECRET: SECRET, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cli ${args[0]}: ${code}: ${out}`)))),
  );
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function dirBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let sum = 0;
  for (const name of readdirSync(path)) sum += dirBytes(join(path, name));
  return sum;
}

/** Latencies of `path` asked back to back on CONNECTIONS connections until `stop` resolves. */
function loop(url: string, path: string) {
  const samples: { at: number; ms: number }[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const t1 = performance.now();
      samples.push({ at: t0, ms: t1 - t0 });
    }
  };
  const workers = Array.from({ length: CONNECTIONS }, worker);
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.NaN;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const during = (s: { at: number; ms: number }[], from: number, to: number) =>
  s.filter((x) => x.at + x.ms >= from && x.at <= to).map((x) => x.ms);

export async function benchBackup(): Promise<BackupBench> {
  const load_1m = Math.round(loadavg()[0]! * 100) / 100;
  const root = mkdtempSync(join(tmpdir(), 'lh-bench-backup-'));
  const dataDir = join(root, 'data');
  try {
    if (TEMPLATE && statSafe(join(TEMPLATE, 'pglite', 'PG_VERSION'))) cpSync(TEMPLATE, dataDir, { recursive: true });
    else {
      const into = TEMPLATE ?? dataDir;
      const t0 = performance.now();
      const out = await run(['seed', '--laptops', String(LAPTOPS)], { DATA_DIR: into });
      console.log(
        `  seeded ${LAPTOPS} laptops in ${Math.round(performance.now() - t0)} ms: ${out.trim().split('\n').at(-1)}`,
      );
      if (TEMPLATE) cpSync(TEMPLATE, dataDir, { recursive: true });
    }
    const pg = new PGlite({ dataDir: join(dataDir, 'pglite') });
    const { bytes } = (
      await pg.query<{ bytes: number }>('select pg_database_size(current_database())::float8 as bytes')
    ).rows[0]!;
    await pg.close();

    const server = await startServer({ DATA_DIR: dataDir, SEED: '', AUTH_SECRET: SECRET });
    try {
      const db = loop(server.url, '/readyz');
      const proc = loop(server.url, '/healthz');
      await sleep(1_000);
      const b0 = performance.now();
      await sleep(BASELINE_SECONDS * 1000);
      const b1 = performance.now();
      const base = during(db.samples, b0, b1);
      const runs: { pause: number; procPause: number; serverPaused: number; ms: number; bytes: number }[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const file = join(root, `backup-${i}.tgz`);
        const t0 = performance.now();
        const out = await run(['backup', file], { DATA_DIR: dataDir });
        const t1 = performance.now();
        const serverPaused = Number(/for (\d+) ms/.exec(out)?.[1]);
        const r = {
          pause: Math.max(...during(db.samples, t0, t1)),
          procPause: Math.max(...during(proc.samples, t0, t1)),
          serverPaused,
          ms: t1 - t0,
          bytes: statSync(file).size,
        };
        runs.push(r);
        console.log(
          `  backup ${i + 1}: ${Math.round(r.ms)} ms, ${mb(r.bytes)} MB; longest /readyz ${Math.round(r.pause)} ms, /healthz ${Math.round(r.procPause)} ms; server says paused ${serverPaused} ms`,
        );
        rmSync(file);
        await sleep(1_000);
      }
      await Promise.all([db.stop(), proc.stop()]);
      return {
        data_mb: mb(bytes),
        data_dir_mb: mb(dirBytes(join(dataDir, 'pglite'))),
        laptops: LAPTOPS,
        pause_ms: Math.round(Math.max(...runs.map((r) => r.pause))),
        process_pause_ms: Math.round(Math.max(...runs.map((r) => r.procPause))),
        server_paused_ms: Math.max(...runs.map((r) => r.serverPaused)),
        baseline_p99_ms: Math.round(p99(base) * 10) / 10,
        baseline_max_ms: Math.round(Math.max(...base)),
        backup_ms: Math.round(median(runs.map((r) => r.ms))),
        archive_mb: mb(median(runs.map((r) => r.bytes))),
        runs: RUNS,
        load_1m,
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function statSafe(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backup = await benchBackup();
  console.table([backup]);
  let last: Record<string, unknown> = {};
  try {
    last = JSON.parse(readFileSync('bench/results.json', 'utf8'));
  } catch {
    // No earlier run: this part alone.
  }
  writeFileSync('bench/results.json', `${JSON.stringify({ ...last, backup }, null, 2)}\n`);
  console.log('written bench/results.json (backup)');
}

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats, QueryStats } from '../db/client.ts';

// What the app measures, in Prometheus' text format (docs/operations.md#metrics,
// docs/decisions/0021-metrics.md). One registry per app: tests build many apps in one process.
// Label values come from closed sets only (route patterns, methods Node's parser accepts, status
// codes, cache names), never from the URL or anything else a client chooses.

/** The route label of a request no route matched: the raw URL never becomes a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; fine below 25 ms, the p99 target of public reads (docs/performance.md#targets). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A cache's lookups so far; the caches count them as plain numbers, read at each scrape. */
export interface CacheCounts {
  hits: number;
  misses: number;
}

export interface MetricSources {
  /** The caches by name, looked up at each scrape. */
  caches: () => Record<string, CacheCounts>;
  /** Live notification streams open on this instance. */
  notificationStreams: () => number;
  queries: QueryStats;
  /** PostgreSQL's pool; none on PGlite. */
  pool: (() => PoolStats) | undefined;
}

type RequestLabels = 'method' | 'route' | 'status_code';

interface Series {
  count: { inc: () => void };
  duration: { observe: (seconds: number) => void };
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<RequestLabels>;
  private readonly durations: Histogram<RequestLabels>;
  /** Each label set's children, made once: prom-client's `labels()` checks and copies its arguments. */
  private readonly series = new Map<string, Series>();
  private readonly stopTimingQueries: () => void;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status (answers replayed before routing included)',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the app to its answer being handed to the socket, by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });

    const caches = (name: string, help: string, read: (c: CacheCounts) => number) =>
      new Counter({
        name,
        help,
        labelNames: ['cache'],
        registers,
        // The caches keep plain counts (no label lookup on the hot path); copied here at each scrape.
        collect() {
          this.reset();
          for (const [cache, counts] of Object.entries(sources.caches())) this.inc({ cache }, read(counts));
        },
      });
    caches('laptophaat_cache_hits_total', 'Lookups answered from a cache, by cache', (c) => c.hits);
    caches('laptophaat_cache_misses_total', 'Lookups a cache could not answer, by cache', (c) => c.misses);

    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('laptophaat_notification_streams_open', 'Live notification streams (SSE) open on this instance', () =>
      sources.notificationStreams(),
    );
    gauge(
      'laptophaat_db_queries_in_flight',
      'Database queries sent and not yet answered (on PGlite, including those queued for its one connection)',
      () => sources.queries.inFlight,
    );
    const { pool } = sources;
    if (pool) {
      gauge(
        'laptophaat_db_pool_connections',
        'Open PostgreSQL connections in the pool, busy or idle',
        () => pool().total,
      );
      gauge('laptophaat_db_pool_idle_connections', 'Open PostgreSQL connections not in use', () => pool().idle);
      gauge(
        'laptophaat_db_pool_waiting_requests',
        'Callers waiting for a PostgreSQL connection because every one the pool may open is busy',
        () => pool().waiting,
      );
      gauge('laptophaat_db_pool_max_connections', 'Connections the pool may open at most', () => pool().max);
    }
    const queryDurations = new Histogram({
      name: 'laptophaat_db_query_duration_seconds',
      help: 'Time from a query being sent to its answer (on PGlite, including the wait for its one connection)',
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.stopTimingQueries = sources.queries.onQuery((seconds) => queryDurations.observe(seconds));
  }

  /**
   * One answered request: a map lookup and two increments. `seconds` is left out for answers whose
   * time is not latency (a notification stream lasts as long as the visit).
   */
  request(route: string, method: string, status: number, seconds: number | undefined): void {
    const key = `${status} ${method} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      const labels = { method, route, status_code: status };
      series = { count: this.requests.labels(labels), duration: this.durations.labels(labels) };
      this.series.set(key, series);
    }
    series.count.inc();
    if (seconds !== undefined) series.duration.observe(seconds);
  }

  /** The exposition: Prometheus' text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.stopTimingQueries();
  }
}

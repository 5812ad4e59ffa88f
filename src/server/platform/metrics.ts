import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { PoolStats, QueryStats } from './db/client.ts';

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
  /** Old answers served because loading a current one failed with an outage (caches that do so). */
  stale?: number;
}

export interface MetricSources {
  /** The caches by name, looked up at each scrape. */
  caches: () => Record<string, CacheCounts>;
  /** Live notification streams open on this instance. */
  notificationStreams: () => number;
  /** Times a stream read what it may have missed from the database (its opening, the change feed's gaps). */
  notificationCatchUps?: () => number;
  queries: QueryStats;
  /** PostgreSQL's pool; none on PGlite. */
  pool: (() => PoolStats) | undefined;
}

type RequestLabels = { method: string; route: string; status_code: number };

/**
 * One label set's requests: a count and the latency histogram's buckets as plain numbers. prom-client's
 * own Counter and Histogram spend about 1 µs a request checking and hashing labels (decision 0021);
 * these are written out through the same registry at each scrape.
 */
class RequestSeries {
  count = 0;
  timed = 0;
  sum = 0;
  /** Observations per bucket, not yet cumulative; above the last bound only `timed` counts them. */
  readonly buckets = new Float64Array(REQUEST_BUCKETS.length);

  constructor(readonly labels: RequestLabels) {}

  add(seconds: number | undefined): void {
    this.count += 1;
    if (seconds === undefined) return;
    this.timed += 1;
    this.sum += seconds;
    let i = 0;
    while (i < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[i]!) i += 1;
    if (i < REQUEST_BUCKETS.length) this.buckets[i]! += 1;
  }
}

type Sample = { value: number; labels: Record<string, string | number>; metricName?: string };

/** A family the registry writes out like its own, its samples made from `samples()` at each scrape. */
function family(name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]): Metric {
  const about = { name, help, type, aggregator: 'sum' };
  return { ...about, get: async () => ({ ...about, values: samples() }), reset: () => {} } as unknown as Metric;
}

export class Metrics {
  readonly registry = new Registry();
  /**
   * By route, method and status: a handful of each, never a URL. Nested maps, as a key made of the
   * three would be a new string to hash on every request.
   */
  private readonly series = new Map<string, Map<string, Map<number, RequestSeries>>>();
  private readonly stopTimingQueries: () => void;
  private readonly clientErrors: Counter<'status_code'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const all = () =>
      [...this.series.values()].flatMap((byMethod) => [...byMethod.values()].flatMap((s) => [...s.values()]));
    this.registry.registerMetric(
      family('http_requests_total', 'HTTP requests answered, by route pattern, method and status', 'counter', () =>
        all().map((s) => ({ value: s.count, labels: s.labels })),
      ),
    );
    this.registry.registerMetric(
      family(
        'http_request_duration_seconds',
        'Time from a request reaching the app to its answer being handed to the socket, by route pattern, method and status',
        'histogram',
        () =>
          all().flatMap((s) => {
            let below = 0;
            const name = 'http_request_duration_seconds';
            return [
              ...REQUEST_BUCKETS.map((le, i) => {
                below += s.buckets[i]!;
                return { metricName: `${name}_bucket`, value: below, labels: { ...s.labels, le } };
              }),
              { metricName: `${name}_bucket`, value: s.timed, labels: { ...s.labels, le: '+Inf' } },
              { metricName: `${name}_sum`, value: s.sum, labels: s.labels },
              { metricName: `${name}_count`, value: s.timed, labels: s.labels },
            ];
          }),
      ),
    );

    this.clientErrors = new Counter({
      name: 'http_client_errors_total',
      help: "Requests Node's HTTP parser refused before the app could route them (400 malformed, 431 URL or headers too large), by status",
      labelNames: ['status_code'],
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
    new Counter({
      name: 'laptophaat_cache_served_stale_total',
      help: 'Old answers served because loading a current one failed while a dependency was unreachable (stale-if-error), by cache',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(sources.caches()))
          if (counts.stale !== undefined) this.inc({ cache }, counts.stale);
      },
    });

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
    const { notificationCatchUps } = sources;
    if (notificationCatchUps) {
      new Counter({
        name: 'laptophaat_notification_catch_ups_total',
        help: 'Times a live notification stream read what it may have missed from the database: once when it opens, and on each loss of the change feed',
        registers,
        collect() {
          this.reset();
          this.inc(notificationCatchUps());
        },
      });
    }
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
   * One answered request: a map lookup and a few additions. `seconds` is left out for answers whose
   * time is not latency (a notification stream lasts as long as the visit).
   */
  request(route: string, method: string, status: number, seconds: number | undefined): void {
    let byMethod = this.series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = new RequestSeries({ method, route, status_code: status });
      byStatus.set(status, series);
    }
    series.add(seconds);
  }

  /** A request Node's HTTP parser refused, answered with `status` (400 or 431). */
  clientError(status: number): void {
    this.clientErrors.inc({ status_code: status });
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

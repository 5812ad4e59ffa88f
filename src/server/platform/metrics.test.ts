import { describe, expect, it } from 'vitest';
import { QueryStats } from './db/client.ts';
import { Metrics } from './metrics.ts';

const metrics = () =>
  new Metrics({
    caches: () => ({ front: { hits: 3, misses: 1 }, response: { hits: 5, misses: 2, stale: 4 } }),
    notificationStreams: () => 2,
    queries: new QueryStats(),
    pool: undefined,
  });

const line = (text: string, start: string) => text.split('\n').find((l) => l.startsWith(start));

describe('Metrics', () => {
  it('writes requests as a counter and a cumulative histogram, in seconds, leaving untimed answers out of it', async () => {
    const m = metrics();
    for (const seconds of [0.0004, 0.003, 0.003, 20, undefined]) m.request('/api/blog', 'GET', 200, seconds);
    const text = await m.text();
    const labels = 'method="GET",route="/api/blog",status_code="200"';
    expect(line(text, `http_requests_total{${labels}}`)).toBe(`http_requests_total{${labels}} 5`);
    const bucket = (le: string) =>
      line(text, `http_request_duration_seconds_bucket{${labels},le="${le}"}`)?.split(' ')[1];
    expect(['0.001', '0.0025', '0.005', '10', '+Inf'].map(bucket)).toEqual(['1', '1', '3', '3', '4']);
    expect(line(text, 'http_request_duration_seconds_count')).toBe(`http_request_duration_seconds_count{${labels}} 4`);
    expect(Number(line(text, 'http_request_duration_seconds_sum')?.split(' ')[1])).toBeCloseTo(20.0064, 6);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('reads the caches and gauges at each scrape, and keeps a registry of its own per instance', async () => {
    const [a, b] = [metrics(), metrics()];
    a.request('/healthz', 'GET', 200, 0.001);
    const text = await a.text();
    expect(text).toContain('laptophaat_cache_hits_total{cache="front"} 3');
    expect(text).toContain('laptophaat_cache_misses_total{cache="front"} 1');
    // Only the caches that serve old answers while a dependency is away count them.
    expect(text).toContain('laptophaat_cache_served_stale_total{cache="response"} 4');
    expect(text).not.toContain('laptophaat_cache_served_stale_total{cache="front"}');
    expect(text).toContain('laptophaat_notification_streams_open 2');
    expect(text).toContain('process_cpu_seconds_total');
    expect(await b.text()).not.toContain('route="/healthz"');
  });
});

import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisOptions {
  /** Retries of a command while Redis is away before it fails (0: fail at once). */
  retries: number;
  /** A connection error after the first connect (the connection keeps trying by itself). */
  onError: (error: unknown) => void;
  /** Redis not reachable when the app starts; the app starts anyway. */
  onUnreachable: (error: unknown) => void;
}

/**
 * A Redis connection of the caller's own, closed with the app. It fails fast rather than queueing
 * commands while Redis is away (no offline queue), so whoever uses it can fall back at once.
 */
export async function connectRedis(app: FastifyInstance, url: string, options: RedisOptions): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: options.retries, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', options.onError);
  await redis.connect().catch(options.onUnreachable);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

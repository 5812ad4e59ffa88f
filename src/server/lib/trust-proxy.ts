import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.ts';

/** Whether the hop `hop` away from us (0 = the socket's peer), at `address`, may name the next one. */
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as the function Fastify and proxy-addr take: no proxy, the nearest N hops, or proxies
 * at these addresses. Fastify itself treats a bare number as "trust nothing", so hops are a function.
 */
export function trustFunction(trust: TrustProxy): TrustFn | false {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}

/** The client's address as Fastify's `request.ip` sees it under the same trust. */
export function clientAddress(req: IncomingMessage, trust: TrustFn | false): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  return proxyAddr(req, trust);
}

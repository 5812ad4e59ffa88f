import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { indexHtmlForPages } from '../lib/page-preloads.ts';
import { sendError } from './error-handler.ts';

// Serves the built SPA: hashed assets cached for a year, everything else revalidated.
// Unknown /api paths are 404 JSON; any other unknown GET gets index.html, whose router shows the
// 'OOps!!! Something went wrong.' page; for the client's own routes that index.html also preloads the
// page's chunks (lib/page-preloads.ts).
export async function registerSpa(app: FastifyInstance, webDir: string | undefined) {
  const indexFile = webDir ? join(webDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const indexHtmlFor = webDir && indexHtml ? indexHtmlForPages(indexHtml, join(webDir, 'preloads.json')) : undefined;
  if (webDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (scripts/compress-web.mjs).
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn('the web client is not built (npm run build): only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsPage && indexHtmlFor) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtmlFor(path));
    }
    return sendError(reply, 404, { error: { code: 'not_found', message: `No route ${request.method} ${path}` } });
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceGuideQuerySchema, priceGuideSchema } from '../../../shared/moderation.ts';
import { sendCached } from '../../platform/http/cache.ts';
import { comparablePrices } from './price-guide.ts';

// The price guide (docs/product.md#price-guide): public and the same for everyone, so cached and
// kept by an edge like the other public reads. Every listing's write clears the 'laptops' tag.
export const priceGuideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/price-guide',
    {
      schema: { querystring: priceGuideQuerySchema, response: { 200: priceGuideSchema } },
      config: { access: 'public', cache: { scope: 'public', tag: 'laptops' } },
    },
    (request, reply) =>
      sendCached(request, reply, () =>
        comparablePrices(app.db, {
          brand: request.query.brand,
          processor: request.query.processor,
          ramGb: request.query.ram_gb,
        }),
      ),
  );
};

import { LOCALES } from './locale.ts';
import { z } from './z.ts';

// The query of the site's own content, `GET /api/services` and `GET /api/blog` (docs/product.md#api):
// `lang` picks the language of the texts (docs/i18n.md); without it they are the spec's English.
export const contentQuerySchema = z.object({
  lang: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(LOCALES, { error: `lang must be one of ${LOCALES.join(', ')}` }).optional(),
  ),
});
export type ContentQuery = z.output<typeof contentQuerySchema>;

import { z } from '../../../shared/z.ts';

/** A route's 204 answer in its schema: done, nothing to answer (no body in the API reference). */
export const noContent = z.null().describe('Done: no content');

import { randomUUID } from 'node:crypto';

/**
 * Ids are opaque strings on the wire (docs/product.md#api); UUIDs give no hint of order or volume.
 */
export const newId = () => randomUUID();

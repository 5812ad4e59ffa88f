import { randomUUID } from 'node:crypto';

/** Ids are opaque strings on the wire (DESIGN.md §4); UUIDs give no hint of order or volume. */
export const newId = () => randomUUID();

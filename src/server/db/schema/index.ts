// The drizzle schema object (one module drizzle needs as a whole, not a re-export barrel for callers).
export * from './auth.ts';
export * from './content.ts';
export * from './enums.ts';
export * from './laptops.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './photos.ts';
export * from './reports.ts';
export * from './users.ts';
export * from './wishlist.ts';

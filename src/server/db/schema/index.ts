// The drizzle schema object (one module drizzle needs as a whole, not a re-export barrel for callers).
export * from './articles.ts';
export * from './auth.ts';
export * from './enums.ts';
export * from './laptops.ts';
export * from './orders.ts';
export * from './services.ts';
export * from './users.ts';

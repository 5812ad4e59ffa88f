// The drizzle schema object (one module drizzle needs as a whole, not a re-export barrel for callers).
export * from '../../features/auth/schema.ts';
export * from '../../features/content/schema.ts';
export * from '../../features/conversations/schema.ts';
export * from '../../features/laptops/schema.ts';
export * from '../../features/moderation/schema.ts';
export * from '../../features/notifications/schema.ts';
export * from '../../features/orders/schema.ts';
export * from '../../features/phone/schema.ts';
export * from '../../features/photos/schema.ts';
export * from '../../features/push/schema.ts';
export * from '../../features/reports/schema.ts';
export * from '../../features/reviews/schema.ts';
export * from '../../features/saved-searches/schema.ts';
export * from '../../features/users/schema.ts';
export * from '../../features/wishlist/schema.ts';
export * from './enums.ts';

import { pgEnum } from 'drizzle-orm/pg-core';
import { CATEGORIES, CONDITIONS, LOCATIONS, ROLES, SALES_STATUSES, SERVICE_ICONS } from '../../../shared/catalog.ts';

export const roleEnum = pgEnum('role', ROLES);
export const categoryEnum = pgEnum('category', CATEGORIES);
export const conditionEnum = pgEnum('condition', CONDITIONS);
export const locationEnum = pgEnum('location', LOCATIONS);
export const salesStatusEnum = pgEnum('sales_status', SALES_STATUSES);
export const serviceIconEnum = pgEnum('service_icon', SERVICE_ICONS);

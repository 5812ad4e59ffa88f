import { pgEnum } from 'drizzle-orm/pg-core';
import {
  CATEGORIES,
  CONDITIONS,
  LOCATIONS,
  NOTIFICATION_KINDS,
  ORDER_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
  SALES_STATUSES,
  SERVICE_ICONS,
} from '../../../shared/catalog.ts';
import { CONVERSATION_REPORT_REASONS } from '../../../shared/conversations.ts';
import { REVIEW_STATUSES, RISK_FLAGS } from '../../../shared/listing-review.ts';

export const roleEnum = pgEnum('role', ROLES);
export const categoryEnum = pgEnum('category', CATEGORIES);
export const conditionEnum = pgEnum('condition', CONDITIONS);
export const locationEnum = pgEnum('location', LOCATIONS);
export const salesStatusEnum = pgEnum('sales_status', SALES_STATUSES);
export const serviceIconEnum = pgEnum('service_icon', SERVICE_ICONS);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);
export const conversationReportReasonEnum = pgEnum('conversation_report_reason', CONVERSATION_REPORT_REASONS);
export const reviewStatusEnum = pgEnum('review_status', REVIEW_STATUSES);
export const riskFlagEnum = pgEnum('risk_flag', RISK_FLAGS);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

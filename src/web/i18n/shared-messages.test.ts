import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, updateAccountSchema } from '../../shared/auth.ts';
import { idParamsSchema } from '../../shared/common.ts';
import {
  advertiseBodySchema,
  advertisedQuerySchema,
  deleteLaptopBodySchema,
  LAPTOP_MESSAGES,
  PRODUCT_MESSAGES,
  productUpdateSchema,
  sellerEmailQuerySchema,
} from '../../shared/laptops.ts';
import { TEXTS } from '../../shared/messages.ts';
import { markReadBodySchema, notificationPageQuerySchema } from '../../shared/notifications.ts';
import {
  answerOrderBodySchema,
  buyerEmailQuerySchema,
  createOrderBodySchema,
  laptopIdParamsSchema,
  ORDER_MESSAGES,
  orderIdParamsSchema,
} from '../../shared/orders.ts';
import { PHOTO_MESSAGES } from '../../shared/photo-files.ts';
import { photoIdsSchema } from '../../shared/photos.ts';
import {
  createReportBodySchema,
  hiddenReason,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  reportActionBodySchema,
  reportListQuerySchema,
} from '../../shared/reports.ts';
import { laptopSearchQuerySchema, pageQuerySchema, userListQuerySchema } from '../../shared/search.ts';
import { createUserBodySchema, deleteUserBodySchema, USER_MESSAGES, verifyBodySchema } from '../../shared/users.ts';
import { WISHLIST_MESSAGES, wishlistParamsSchema } from '../../shared/wishlist.ts';
import type { z } from '../../shared/z.ts';
import { renderIn } from '../test/locale.ts';
import { hasTranslation, translateMessage } from './shared-messages.ts';

/** Every exported message table of src/shared. */
const TABLES = {
  TEXTS,
  AUTH_MESSAGES,
  LAPTOP_MESSAGES,
  PRODUCT_MESSAGES,
  ORDER_MESSAGES,
  PHOTO_MESSAGES,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  USER_MESSAGES,
  WISHLIST_MESSAGES,
};
const tableMessages = Object.entries(TABLES).flatMap(([table, messages]) =>
  Object.entries(messages).map(([key, message]) => ({ name: `${table}.${key}`, message })),
);

/** The messages the shared schemas give for wrong input: their fixed texts beyond the tables. */
function schemaMessages(): string[] {
  const long = (n: number) => 'a'.repeat(n);
  const cases: [z.ZodType, unknown][] = [
    [
      laptopSearchQuerySchema,
      {
        q: 5,
        category: 'toys',
        brand: 'Nokia',
        location: 'paris',
        condition: 'new',
        minPrice: 'cheap',
        maxPrice: -1,
        ram: 3,
        storage: 1,
        verified: 'maybe',
        sort: 'random',
        limit: 1000,
        cursor: 5,
      },
    ],
    [laptopSearchQuerySchema, { q: long(101) }],
    [userListQuerySchema, { q: long(101), limit: 0 }],
    [userListQuerySchema, { q: 5 }],
    [pageQuerySchema, { limit: 'x', cursor: long(301) }],
    [notificationPageQuerySchema, { limit: 99, cursor: 'x' }],
    [markReadBodySchema, { ids: 'x' }],
    [markReadBodySchema, { ids: ['x'] }],
    [markReadBodySchema, { ids: Array.from({ length: 201 }, (_, i) => String(i)) }],
    [idParamsSchema, {}],
    [laptopIdParamsSchema, {}],
    [orderIdParamsSchema, {}],
    [deleteLaptopBodySchema, {}],
    [wishlistParamsSchema, {}],
    [deleteUserBodySchema, {}],
    [createOrderBodySchema, { buyerPhoneNumber: '123', meetingAddress: long(301) }],
    [createOrderBodySchema, { buyerPhoneNumber: '', meetingAddress: '' }],
    [createReportBodySchema, { laptop_id: '', reason: 'other', details: 5 }],
    [createReportBodySchema, { laptop_id: 'l1', reason: 'other' }],
    [createReportBodySchema, { laptop_id: 'l1', reason: 'x', details: long(501) }],
    [reportActionBodySchema, { action: 'x', note: long(501) }],
    [reportActionBodySchema, { action: 'hide', note: 5 }],
    [reportListQuerySchema, { status: 'x' }],
    [verifyBodySchema, { verified: false }],
    [advertiseBodySchema, { advertise: false }],
    [advertisedQuerySchema, { advertise: 'x' }],
    [sellerEmailQuerySchema, { email: 'x' }],
    [buyerEmailQuerySchema, { buyerEmail: 'x' }],
    [answerOrderBodySchema, { status: 'x' }],
    [productUpdateSchema, { salesStatus: 'x', orderId: '' }],
    [productUpdateSchema, { advertise: true, resale_price: 0, orderId: 'o1' }],
    [createUserBodySchema, { name: '', email: '', role: 'x' }],
    [updateAccountSchema, { name: '', image: 'x' }],
    [updateAccountSchema, { image: `https://a.com/${long(2050)}` }],
    [photoIdsSchema, 'x'],
    [photoIdsSchema, ['x']],
  ];
  return cases.flatMap(([schema, input]) => {
    const result = schema.safeParse(input);
    expect(result.success, JSON.stringify(input)).toBe(false);
    return result.error?.issues.map((issue) => issue.message) ?? [];
  });
}

/** Reasons for hiding a listing, with counts and the admin's own words. */
const PATTERNED = [
  hiddenReason(['scam', 'offensive', 'scam', 'already_sold']),
  hiddenReason(['other'], 'Fake photos. Sold elsewhere'),
  hiddenReason([]),
  'This booking is already accepted',
];

afterEach(() => renderIn('en'));

describe('translateMessage in English', () => {
  it.each(tableMessages)('$name is its own English text, and has an entry', ({ message }) => {
    expect(hasTranslation(message)).toBe(true);
    expect(translateMessage(message)).toBe(message);
  });

  it('gives every fixed message of the shared schemas as it is, and has an entry for each', () => {
    const messages = [...new Set(schemaMessages())];
    expect(messages.length).toBeGreaterThan(40);
    expect(messages.filter((m) => !hasTranslation(m))).toEqual([]);
    expect(messages.filter((m) => translateMessage(m) !== m)).toEqual([]);
  });

  it('gives the reasons for hiding as they are', () => {
    for (const message of PATTERNED) {
      expect(hasTranslation(message)).toBe(true);
      expect(translateMessage(message)).toBe(message);
    }
  });

  it('leaves a message it does not know as it is', () => {
    expect(hasTranslation('Something new')).toBe(false);
    expect(translateMessage('Something new')).toBe('Something new');
  });
});

describe('translateMessage in Bangla', () => {
  it.each(tableMessages)('$name is translated', ({ message }) => {
    renderIn('bn');
    const bangla = translateMessage(message);
    expect(bangla).not.toBe(message);
    expect(bangla).toMatch(/[\u0980-\u09FF]/);
  });

  it('translates every fixed message of the shared schemas', () => {
    const messages = [...new Set(schemaMessages())];
    renderIn('bn');
    expect(messages.filter((m) => !/[\u0980-\u09FF]/.test(translateMessage(m)))).toEqual([]);
  });

  it('writes numbers in Bangla digits', () => {
    renderIn('bn');
    expect(translateMessage(LAPTOP_MESSAGES.price)).toContain('১,০০,০০,০০০');
    expect(translateMessage(LAPTOP_MESSAGES.screen)).toContain('১৮.৪');
    expect(translateMessage(AUTH_MESSAGES.passwordShort)).toContain('৬');
  });

  it('translates the reasons a listing was hidden, keeping the admin’s own words', () => {
    renderIn('bn');
    const why = translateMessage(hiddenReason(['scam', 'offensive', 'scam'], 'Fake photos'));
    expect(why).toContain('প্রতারণা');
    expect(why).toContain('(২)');
    expect(why).toMatch(/Fake photos$/);
    expect(translateMessage(hiddenReason([]))).toContain('Laptop Haat');
  });
});

import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import {
  CATEGORIES,
  CONDITIONS,
  LOCATIONS,
  ORDER_STATUSES,
  type OrderStatus,
  RAM_SIZES_GB,
  SPEC_LIMITS,
} from '../../shared/catalog.ts';
import { TEXTS } from '../../shared/messages.ts';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../shared/photo-files.ts';
import {
  AUTH_MESSAGES,
  LAPTOP_MESSAGES,
  LIST_LIMIT,
  NOTIFICATION_LIMIT,
  ORDER_MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRICE_MAX,
  PRODUCT_MESSAGES,
  QUERY_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  SEARCH_LIMIT,
  SORTS,
  USER_MESSAGES,
  WISHLIST_MESSAGES,
} from '../../shared/rules.ts';
import { formatCount } from '../lib/format.ts';
import { categoryName, conditionName, locationName } from './labels.ts';

// The messages the web app shares with the server (src/shared: validation messages of the zod
// schemas the forms check with, the spec's toasts) are English constants there. The browser shows
// each in the page's language through this table, keyed by the English text. API errors are not
// read here: the page words them from their codes (i18n/api-errors.ts, docs/decisions/0032). Every English text inside `t` is the constant's, word for
// word (shared-messages.test.ts holds them to it); numbers are placeholders, written in the page's
// digits.

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
/** '18.4' as the page writes it: '১৮.৪' on a Bangla page. For numbers formatCount does not write. */
const digits = (text: string) =>
  i18n.locale === 'bn' ? text.replace(/\d/g, (d) => BANGLA_DIGITS[Number(d)] ?? d) : text;
/** A count grouped as the page groups it: '5,000', '৫,০০০'. */
const count = (value: number) => formatCount(value);
/** A number as the English message writes it, ungrouped: '8192', '৮১৯২'. */
const plain = (value: number) => digits(String(value));
/** 'a, b, c' in the page's words (the API's values in English). */
const wordList = (words: readonly string[]) => words.join(', ');

/** A booking's state, as ORDER_MESSAGES.notNow names it: 'This booking is already accepted'. */
function bookingAlready(status: OrderStatus): string {
  switch (status) {
    case 'requested':
      return t`This booking is already requested`;
    case 'accepted':
      return t`This booking is already accepted`;
    case 'declined':
      return t`This booking is already declined`;
    case 'cancelled':
      return t`This booking is already cancelled`;
    case 'completed':
      return t`This booking is already completed`;
  }
}

/** `${name} is required` (common.ts idSchema) for the ids the API names. */
const ID_NAMES = ['id', 'orderId', 'laptopId', 'laptop_id'] as const;
/** `${name} must be an e-mail address` (common.ts emailFieldSchema). */
const EMAIL_FIELD_NAMES = ['email', 'buyerEmail'] as const;
/** `${name} must be 'true'` (common.ts trueFlagSchema). */
const TRUE_FLAG_NAMES = ['advertise', 'verified'] as const;
/** `${name} must be text` (reports.ts optionalText). */
const REPORT_TEXT_NAMES = ['details', 'note'] as const;

/** `${name} must be a whole number from ${min} to ${max}` (search.ts queryInt, notifications.ts). */
const WHOLE_NUMBER_QUERIES: readonly [name: string, min: number, max: number][] = [
  ['limit', LIST_LIMIT.min, LIST_LIMIT.max],
  ['limit', SEARCH_LIMIT.min, SEARCH_LIMIT.max],
  ['limit', 1, NOTIFICATION_LIMIT.max],
  ['minPrice', 0, PRICE_MAX],
  ['maxPrice', 0, PRICE_MAX],
  ['ram', 2, 128],
  ['storage', SPEC_LIMITS.storageGb.min, SPEC_LIMITS.storageGb.max],
];

function wholeNumberQuery(name: string, min: number, max: number): string {
  const from = plain(min);
  const to = plain(max);
  switch (name) {
    case 'limit':
      return t`limit must be a whole number from ${from} to ${to}`;
    case 'minPrice':
      return t`minPrice must be a whole number from ${from} to ${to}`;
    case 'maxPrice':
      return t`maxPrice must be a whole number from ${from} to ${to}`;
    case 'ram':
      return t`ram must be a whole number from ${from} to ${to}`;
    default:
      return t`storage must be a whole number from ${from} to ${to}`;
  }
}

const entries: [string, () => string][] = [
  // Fixed texts (docs/product.md#headings-and-menus).
  [TEXTS.notFound, () => t`OOps!!! Something went wrong.`],
  [TEXTS.comingSoon, () => t`This feature's coming soon`],
  [TEXTS.noOrders, () => t`you don't have any order`],

  // Accounts.
  [AUTH_MESSAGES.emailRequired, () => t`Email Address is required`],
  [AUTH_MESSAGES.emailInvalid, () => t`Enter a valid email address`],
  [AUTH_MESSAGES.passwordRequired, () => t`Password is required`],
  [
    AUTH_MESSAGES.passwordShort,
    () => {
      const min = count(PASSWORD_MIN);
      return t`Password must be ${min} characters or longer`;
    },
  ],
  [
    AUTH_MESSAGES.passwordLong,
    () => {
      const max = count(PASSWORD_MAX);
      return t`Password must be ${max} characters or shorter`;
    },
  ],
  [AUTH_MESSAGES.passwordWeak, () => t`Password must contain uppercase, lowercase, number and special character`],
  [AUTH_MESSAGES.nameRequired, () => t`Name is required`],
  [
    AUTH_MESSAGES.nameLong,
    () => {
      const max = count(80);
      return t`Name must be ${max} characters or shorter`;
    },
  ],
  [AUTH_MESSAGES.roleRequired, () => t`Role is required`],
  [AUTH_MESSAGES.wrongCredentials, () => t`Invalid email or password`],
  ['Image must be an http(s) URL', () => t`Image must be an http(s) URL`],
  [
    'Image URL must be 2048 characters or shorter',
    () => {
      const max = plain(2048);
      return t`Image URL must be ${max} characters or shorter`;
    },
  ],

  // Laptops.
  [LAPTOP_MESSAGES.name, () => t`laptop name is required`],
  [LAPTOP_MESSAGES.image, () => t`laptop image is required`],
  [LAPTOP_MESSAGES.category, () => t`laptop category is required`],
  [LAPTOP_MESSAGES.resalePrice, () => t`resale price is required`],
  [LAPTOP_MESSAGES.originalPrice, () => t`original price is required`],
  [LAPTOP_MESSAGES.condition, () => t`condition type is required`],
  [LAPTOP_MESSAGES.mobile, () => t`mobile number is required`],
  [LAPTOP_MESSAGES.location, () => t`location is required`],
  [LAPTOP_MESSAGES.years, () => t`years of purchase is required`],
  [LAPTOP_MESSAGES.description, () => t`laptop description is required`],
  [
    LAPTOP_MESSAGES.nameLong,
    () => {
      const max = count(120);
      return t`laptop name must be ${max} characters or shorter`;
    },
  ],
  [
    LAPTOP_MESSAGES.descriptionLong,
    () => {
      const max = count(5000);
      return t`laptop description must be ${max} characters or shorter`;
    },
  ],
  [LAPTOP_MESSAGES.imageUrl, () => t`laptop image must be an http:// or https:// URL`],
  [
    LAPTOP_MESSAGES.price,
    () => {
      const min = count(1);
      const max = count(PRICE_MAX);
      return t`price must be a whole number of Tk from ${min} to ${max}`;
    },
  ],
  [
    LAPTOP_MESSAGES.years0to30,
    () => {
      const min = count(0);
      const max = count(30);
      return t`years of purchase must be a whole number from ${min} to ${max}`;
    },
  ],
  [
    LAPTOP_MESSAGES.mobileInvalid,
    () => {
      const example = digits('01712345678');
      return t`mobile number must be a Bangladeshi mobile number such as ${example}`;
    },
  ],
  [
    LAPTOP_MESSAGES.months,
    () => {
      const min = count(0);
      const max = plain(1200);
      return t`months of use must be a whole number from ${min} to ${max}`;
    },
  ],
  [
    LAPTOP_MESSAGES.area,
    () => {
      const max = count(60);
      return t`area must be ${max} characters or shorter`;
    },
  ],
  [LAPTOP_MESSAGES.updated, () => t`Listing updated`],
  [LAPTOP_MESSAGES.notEditable, () => t`A sold or hidden listing cannot be edited`],
  [LAPTOP_MESSAGES.advertised, () => t`laptop advertised successfully`],
  [LAPTOP_MESSAGES.added, () => t`laptop added successfully`],
  [LAPTOP_MESSAGES.deleted, () => t`Laptop deleted successfully`],
  [
    LAPTOP_MESSAGES.brand,
    () => {
      const other = t`Other`;
      const brands = LAPTOP_MESSAGES.brand.slice('brand must be one of '.length).replace(/Other$/, other);
      return t`brand must be one of ${brands}`;
    },
  ],
  [
    LAPTOP_MESSAGES.processor,
    () => {
      const max = count(SPEC_LIMITS.textMax);
      return t`processor must be ${max} characters or shorter`;
    },
  ],
  [
    LAPTOP_MESSAGES.ram,
    () => {
      const sizes = wordList(RAM_SIZES_GB.map(count));
      return t`RAM must be one of ${sizes} GB`;
    },
  ],
  [
    LAPTOP_MESSAGES.storage,
    () => {
      const min = plain(SPEC_LIMITS.storageGb.min);
      const max = plain(SPEC_LIMITS.storageGb.max);
      return t`storage must be a whole number of GB from ${min} to ${max}`;
    },
  ],
  [LAPTOP_MESSAGES.storageType, () => t`storage type must be SSD, HDD or eMMC`],
  [
    LAPTOP_MESSAGES.screen,
    () => {
      const min = digits(SPEC_LIMITS.screenInches.min.toFixed(1));
      const max = digits(SPEC_LIMITS.screenInches.max.toFixed(1));
      return t`screen size must be from ${min} to ${max} inches`;
    },
  ],
  [
    LAPTOP_MESSAGES.gpu,
    () => {
      const max = count(SPEC_LIMITS.textMax);
      return t`graphics must be ${max} characters or shorter`;
    },
  ],
  [
    LAPTOP_MESSAGES.battery,
    () => {
      const min = count(SPEC_LIMITS.batteryHealth.min);
      const max = count(SPEC_LIMITS.batteryHealth.max);
      return t`battery health must be a whole number from ${min} to ${max} %`;
    },
  ],
  ["advertise must be 'true'", () => t`advertise must be 'true'`],
  [PRODUCT_MESSAGES.oneChange, () => t`Give one change: advertise, salesStatus or resale_price`],
  [PRODUCT_MESSAGES.orderWithSold, () => t`orderId goes with salesStatus 'sold'`],
  [PRODUCT_MESSAGES.priceUpdated, () => t`Price updated`],
  [PRODUCT_MESSAGES.markedSold, () => t`Marked as sold`],
  ["salesStatus must be 'sold'", () => t`salesStatus must be 'sold'`],

  // Bookings.
  [ORDER_MESSAGES.notNow, () => t`This booking is already ${'{status}'}`],
  ...ORDER_STATUSES.map((status): [string, () => string] => [
    ORDER_MESSAGES.notNow.replace('{status}', status),
    () => bookingAlready(status),
  ]),
  [ORDER_MESSAGES.soldAlready, () => t`This laptop is no longer for sale`],
  [ORDER_MESSAGES.notThisLaptop, () => t`That booking is not for this laptop`],
  [ORDER_MESSAGES.phoneRequired, () => t`Phone number is required`],
  [
    ORDER_MESSAGES.phoneInvalid,
    () => {
      const example = digits('01712345678');
      return t`Enter a Bangladeshi mobile number such as ${example}`;
    },
  ],
  [ORDER_MESSAGES.addressRequired, () => t`Meeting address is required`],
  [
    ORDER_MESSAGES.addressLong,
    () => {
      const max = count(300);
      return t`Meeting address must be ${max} characters or shorter`;
    },
  ],
  [ORDER_MESSAGES.alreadyBooked, () => t`You have already booked this laptop`],
  [ORDER_MESSAGES.ownLaptop, () => t`You cannot book your own laptop`],
  ["status must be 'accepted' or 'declined'", () => t`status must be 'accepted' or 'declined'`],

  // Photos.
  [PHOTO_MESSAGES.missing, () => t`Choose a photo to upload (the form field is "photo")`],
  [PHOTO_MESSAGES.empty, () => t`The file is empty`],
  [
    PHOTO_MESSAGES.tooLarge,
    () => {
      const size = count(PHOTO_LIMITS.maxBytes / 1024 / 1024);
      return t`The photo is larger than ${size} MB`;
    },
  ],
  [PHOTO_MESSAGES.notAPhoto, () => t`The file is not a JPEG, PNG, WebP or AVIF photo`],
  [PHOTO_MESSAGES.mismatch, () => t`The file is named or labelled as one kind of image but holds another`],
  [PHOTO_MESSAGES.unreadable, () => t`The photo could not be read: it may be damaged or cut short`],
  [
    PHOTO_MESSAGES.tooManyPixels,
    () => {
      const megapixels = count(PHOTO_LIMITS.maxPixels / 1_000_000);
      return t`The photo is larger than ${megapixels} megapixels`;
    },
  ],
  [
    PHOTO_MESSAGES.tooCostly,
    () => t`The photo would take too much memory to process: save it as a JPEG, or make it smaller`,
  ],
  [
    PHOTO_MESSAGES.interlaced,
    () =>
      t`The photo is saved as progressive (interlaced), which takes too much memory at this size: save it as a standard JPEG or PNG, or make it smaller`,
  ],
  [
    PHOTO_MESSAGES.deep,
    () => {
      const [deep, usual] = [plain(16), plain(8)];
      return t`The photo has ${deep} bits per colour, which takes too much memory at this size: save it with ${usual} bits per colour (a JPEG has ${usual}), or make it smaller`;
    },
  ],
  [PHOTO_MESSAGES.tooSlow, () => t`The photo took too long to process: save it as a JPEG, or make it smaller`],
  [PHOTO_MESSAGES.trailing, () => t`The file holds more than a photo`],
  [PHOTO_MESSAGES.malformed, () => t`The upload arrived cut short or garbled: please try again`],
  [
    PHOTO_MESSAGES.atOnce,
    () => {
      const max = count(PHOTO_LIMITS.uploadsAtOnce);
      return t`Upload at most ${max} photos at a time: wait for one to finish, then try again`;
    },
  ],
  [PHOTO_MESSAGES.busy, () => t`Too many photos are being processed right now: please try again in a few seconds`],
  [PHOTO_MESSAGES.storeAway, () => t`Photos cannot be stored right now. Please try again in a moment.`],
  [PHOTO_MESSAGES.storeAwayRead, () => t`Photos cannot be shown right now. Please try again in a moment.`],
  [
    PHOTO_MESSAGES.tooMany,
    () => {
      const max = count(PHOTO_LIMITS.perLaptop);
      return t`A listing can have at most ${max} photos`;
    },
  ],
  [PHOTO_MESSAGES.notYours, () => t`Each photo must be one you uploaded`],
  [PHOTO_MESSAGES.duplicate, () => t`Each photo may appear only once`],
  ['each photo must be an id from POST /api/photos', () => t`each photo must be an id from POST /api/photos`],
  ['photos must be a list of photo ids', () => t`photos must be a list of photo ids`],

  // Reports.
  [REPORT_REASON_LABELS.scam, () => t`Scam or fraud`],
  [REPORT_REASON_LABELS.wrong_details, () => t`Wrong category or details`],
  [REPORT_REASON_LABELS.already_sold, () => t`Already sold`],
  [REPORT_REASON_LABELS.offensive, () => t`Offensive`],
  [REPORT_REASON_LABELS.other, () => t`Other`],
  [REPORT_MESSAGES.reasonRequired, () => t`Choose a reason`],
  [REPORT_MESSAGES.detailsRequired, () => t`Tell us what is wrong with this listing`],
  [
    REPORT_MESSAGES.detailsLong,
    () => {
      const max = count(REPORT_TEXT_MAX);
      return t`Details must be ${max} characters or shorter`;
    },
  ],
  [
    REPORT_MESSAGES.noteLong,
    () => {
      const max = count(REPORT_TEXT_MAX);
      return t`The note must be ${max} characters or shorter`;
    },
  ],
  [REPORT_MESSAGES.action, () => t`action must be 'hide' or 'dismiss'`],
  [REPORT_MESSAGES.status, () => t`status must be 'open'`],
  [REPORT_MESSAGES.alreadyReported, () => t`You have already reported this listing`],
  [REPORT_MESSAGES.ownListing, () => t`You cannot report your own listing`],
  [REPORT_MESSAGES.resolved, () => t`These reports have already been dealt with`],

  // Users and the wishlist.
  [USER_MESSAGES.deleteConfirm, () => t`Are you sure you want to delete this user?`],
  [USER_MESSAGES.deleted, () => t`successfully deleted`],
  [USER_MESSAGES.verified, () => t`successfully verified seller`],
  [USER_MESSAGES.verificationRequested, () => t`Verification requested. The admin will review your account.`],
  [USER_MESSAGES.alreadyVerified, () => t`You are already verified`],
  [USER_MESSAGES.onlySellers, () => t`Only sellers can ask for verification`],
  ["role must be 'buyer' or 'seller'", () => t`role must be 'buyer' or 'seller'`],
  [WISHLIST_MESSAGES.sold, () => t`This laptop has been sold`],

  // Search and paging (search.ts) and notifications (notifications.ts).
  ['cursor must be a cursor from a previous page', () => t`cursor must be a cursor from a previous page`],
  ['q must be text', () => t`q must be text`],
  [
    `q must be ${QUERY_MAX} characters or shorter`,
    () => {
      const max = count(QUERY_MAX);
      return t`q must be ${max} characters or shorter`;
    },
  ],
  [
    `category must be one of ${CATEGORIES.join(', ')}`,
    () => {
      const list = i18n.locale === 'bn' ? wordList(CATEGORIES.map(categoryName)) : CATEGORIES.join(', ');
      return t`category must be one of ${list}`;
    },
  ],
  [
    `location must be one of ${LOCATIONS.join(', ')}`,
    () => {
      const list = i18n.locale === 'bn' ? wordList(LOCATIONS.map(locationName)) : LOCATIONS.join(', ');
      return t`location must be one of ${list}`;
    },
  ],
  [
    `condition must be one of ${CONDITIONS.join(', ')}`,
    () => {
      const list = i18n.locale === 'bn' ? wordList(CONDITIONS.map(conditionName)) : CONDITIONS.join(', ');
      return t`condition must be one of ${list}`;
    },
  ],
  [
    `ram must be one of ${RAM_SIZES_GB.join(', ')}`,
    () => {
      const sizes = wordList(RAM_SIZES_GB.map(count));
      return t`ram must be one of ${sizes}`;
    },
  ],
  ["verified must be 'true' or 'false'", () => t`verified must be 'true' or 'false'`],
  [`sort must be one of ${SORTS.join(', ')}`, () => t`sort must be one of newest, price_asc, price_desc`],
  ...WHOLE_NUMBER_QUERIES.map(([name, min, max]): [string, () => string] => [
    `${name} must be a whole number from ${min} to ${max}`,
    () => wholeNumberQuery(name, min, max),
  ]),
  ['each id must be a notification id', () => t`each id must be a notification id`],
  ['ids must be a list of notification ids', () => t`ids must be a list of notification ids`],
  [
    'ids must name at most 200 notifications',
    () => {
      const max = count(200);
      return t`ids must name at most ${max} notifications`;
    },
  ],

  // The generic pieces (common.ts, reports.ts).
  ...ID_NAMES.map((name): [string, () => string] => [`${name} is required`, () => t`${name} is required`]),
  ...EMAIL_FIELD_NAMES.map((name): [string, () => string] => [
    `${name} must be an e-mail address`,
    () => t`${name} must be an e-mail address`,
  ]),
  ...TRUE_FLAG_NAMES.map((name): [string, () => string] => [`${name} must be 'true'`, () => t`${name} must be 'true'`]),
  ...REPORT_TEXT_NAMES.map((name): [string, () => string] => [`${name} must be text`, () => t`${name} must be text`]),
  ['laptop_id is required', () => t`laptop_id is required`],

  // The client's own words for a call that never reached the server (lib/api-client.ts).
  ['Could not reach the server. Check your connection.', () => t`Could not reach the server. Check your connection.`],
];

const TRANSLATIONS = new Map<string, () => string>(entries);

/** The reasons as reasonsSummary (shared/reports.ts) writes them: 'scam or fraud (3)'. */
const REASONS = Object.values(REPORT_REASON_LABELS);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REASON_ITEM = `(${REASONS.map((label) => escapeRegExp(label.toLowerCase())).join('|')}) \\((\\d+)\\)`;
const REPORTED = new RegExp(
  `^Reported as (${REASON_ITEM}(?:, ${REASON_ITEM})*(?: and ${REASON_ITEM})?)(?:\\. ([\\s\\S]*))?$`,
);
const HIDDEN = /^Hidden by Laptop Haat(?:\. ([\s\S]*))?$/;

/** Why a listing was hidden (reasonsSummary, hiddenReason): the reasons, then the admin's own words. */
function hiddenReasonText(message: string): string | null {
  const withNote = (summary: string, note: string | undefined) => (note ? t`${summary}. ${note}` : summary);
  const hidden = HIDDEN.exec(message);
  if (hidden) return withNote(t`Hidden by Laptop Haat`, hidden[1]);
  const reported = REPORTED.exec(message);
  if (!reported?.[1]) return null;
  const parts = [...reported[1].matchAll(new RegExp(REASON_ITEM, 'g'))].map(([, label = '', times = '']) => {
    const reason = REASONS.find((r) => r.toLowerCase() === label) ?? label;
    const words = i18n.locale === 'bn' ? translateMessage(reason) : label;
    const n = count(Number(times));
    return t`${words} (${n})`;
  });
  const last = parts.pop() ?? '';
  const rest = parts.join(', ');
  const list = rest ? t`${rest} and ${last}` : last;
  return withNote(t`Reported as ${list}`, reported.at(-1));
}

/** Whether `message` has a translation here (shared-messages.test.ts). */
export function hasTranslation(message: string): boolean {
  return TRANSLATIONS.has(message) || hiddenReasonText(message) !== null;
}

/** `message` (an English text from src/shared or an API answer) in the page's language. */
export function translateMessage(message: string): string {
  const known = TRANSLATIONS.get(message);
  if (known) return known();
  return hiddenReasonText(message) ?? message;
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ErrorParam, ErrorReason, FieldCode } from './error-codes.ts';

// The words of the API's error codes, in English and Bangla: one Lingui message per reason and per
// field code (catalogs in src/shared/locales/, `npm run i18n`). The server says them in the
// caller's language (`message`); the web app says them in the page's language from the codes, and
// never reads `message` (docs/decisions/0032). The English texts are the spec's and the API's own,
// word for word. Parameters are placeholders, written in the language's digits by `describe*`.

/** Each reason of ERROR_REASONS in words. */
export const REASON_MESSAGES: Record<ErrorReason, MessageDescriptor> = {
  invalid_request: /*i18n*/ { id: 'error.invalid_request', message: 'The request is not valid' },
  invalid_json: /*i18n*/ { id: 'error.invalid_json', message: 'The request body is not valid JSON' },
  malformed_request: /*i18n*/ { id: 'error.malformed_request', message: 'The request is malformed' },
  headers_too_large: /*i18n*/ { id: 'error.headers_too_large', message: 'The URL or headers are too large' },
  unsupported_media_type: /*i18n*/ {
    id: 'error.unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  nul_character: /*i18n*/ { id: 'error.nul_character', message: 'Text must not contain NUL characters' },
  body_too_large: /*i18n*/ {
    id: 'error.body_too_large',
    message: 'The request body is too large (100 KB at most)',
  },
  not_found: /*i18n*/ { id: 'error.not_found', message: 'Not found' },
  no_route: /*i18n*/ { id: 'error.no_route', message: 'No route {method} {path}' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'You may not do this' },
  conflict: /*i18n*/ { id: 'error.conflict', message: 'This cannot be done now' },
  too_many_requests: /*i18n*/ {
    id: 'error.too_many_requests',
    message: 'Too many requests. Please wait a moment and try again.',
  },
  too_many_attempts: /*i18n*/ {
    id: 'error.too_many_attempts',
    message: 'Too many attempts. Please try again in {seconds} seconds.',
  },
  unavailable: /*i18n*/ {
    id: 'error.unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side. Please try again.' },
  sign_in_required: /*i18n*/ { id: 'error.sign_in_required', message: 'Please log in to continue' },
  bearer_malformed: /*i18n*/ {
    id: 'error.bearer_malformed',
    message: 'The Authorization header must be "Bearer <accessToken>"',
  },
  token_invalid: /*i18n*/ { id: 'error.token_invalid', message: 'The access token is invalid or has expired' },
  token_revoked: /*i18n*/ {
    id: 'error.token_revoked',
    message: 'The access token is no longer valid: please log in again',
  },
  metrics_token: /*i18n*/ {
    id: 'error.metrics_token',
    message: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>',
  },
  wrong_credentials: /*i18n*/ { id: 'error.wrong_credentials', message: 'Invalid email or password' },
  cross_site: /*i18n*/ { id: 'error.cross_site', message: 'Cross-site request refused' },
  sellers_only: /*i18n*/ { id: 'error.sellers_only', message: 'Only a seller may do this' },
  admins_only: /*i18n*/ { id: 'error.admins_only', message: 'Only an admin may do this' },
  own_account_only: /*i18n*/ { id: 'error.own_account_only', message: 'You may only look up your own account' },
  record_own_account_only: /*i18n*/ {
    id: 'error.record_own_account_only',
    message: 'You may only record your own account',
  },
  token_own_account_only: /*i18n*/ {
    id: 'error.token_own_account_only',
    message: 'You may only get a token for your own account',
  },
  token_exchange: /*i18n*/ {
    id: 'error.token_exchange',
    message: 'An access token cannot be exchanged for another: sign in to get a new one',
  },
  account_exists: /*i18n*/ {
    id: 'error.account_exists',
    message: 'An account with this e-mail already exists. Please log in.',
  },
  reset_link_invalid: /*i18n*/ {
    id: 'error.reset_link_invalid',
    message: 'This reset link has expired or has already been used. Please ask for a new one.',
  },
  user_not_signed_up: /*i18n*/ {
    id: 'error.user_not_signed_up',
    message: 'No user with the e-mail {email}; they must sign up first',
  },
  laptop_not_found: /*i18n*/ { id: 'error.laptop_not_found', message: 'Laptop not found' },
  order_not_found: /*i18n*/ { id: 'error.order_not_found', message: 'Order not found' },
  user_not_found: /*i18n*/ { id: 'error.user_not_found', message: 'User not found' },
  seller_not_found: /*i18n*/ { id: 'error.seller_not_found', message: 'Seller not found' },
  report_not_found: /*i18n*/ { id: 'error.report_not_found', message: 'Report not found' },
  photo_not_found: /*i18n*/ { id: 'error.photo_not_found', message: 'Photo not found' },
  category_not_found: /*i18n*/ { id: 'error.category_not_found', message: 'Category “{category}” not found' },
  add_as_yourself: /*i18n*/ { id: 'error.add_as_yourself', message: 'You may only add laptops as yourself' },
  advertise_seller_only: /*i18n*/ {
    id: 'error.advertise_seller_only',
    message: 'Only the seller of this laptop may advertise it',
  },
  price_seller_only: /*i18n*/ {
    id: 'error.price_seller_only',
    message: 'Only the seller of this laptop may change its price',
  },
  edit_own_only: /*i18n*/ { id: 'error.edit_own_only', message: 'You may only edit your own laptops' },
  edit_seller_only: /*i18n*/ { id: 'error.edit_seller_only', message: 'Only the seller of this laptop may edit it' },
  delete_seller_or_admin: /*i18n*/ {
    id: 'error.delete_seller_or_admin',
    message: 'Only the seller of this laptop or an admin may delete it',
  },
  mark_sold_seller_only: /*i18n*/ {
    id: 'error.mark_sold_seller_only',
    message: 'Only the seller of this laptop may mark it sold',
  },
  laptop_not_for_sale: /*i18n*/ { id: 'error.laptop_not_for_sale', message: 'This laptop is no longer for sale' },
  listing_not_editable: /*i18n*/ {
    id: 'error.listing_not_editable',
    message: 'A sold or hidden listing cannot be edited',
  },
  listing_under_review: /*i18n*/ {
    id: 'error.listing_under_review',
    message: 'This listing is waiting for review: it can be advertised once it is published',
  },
  review_not_pending: /*i18n*/ {
    id: 'error.review_not_pending',
    message: 'This listing is not waiting for review any more',
  },
  proof_seller_only: /*i18n*/ {
    id: 'error.proof_seller_only',
    message: 'Only the seller of this laptop may add its proof photo',
  },
  saved_search_limit: /*i18n*/ {
    id: 'error.saved_search_limit',
    message: 'You can keep at most {max} saved searches: delete one to save another',
  },
  saved_search_not_found: /*i18n*/ { id: 'error.saved_search_not_found', message: 'Saved search not found' },
  push_subscription_not_found: /*i18n*/ {
    id: 'error.push_subscription_not_found',
    message: 'This device is not subscribed to notifications',
  },
  own_laptop: /*i18n*/ { id: 'error.own_laptop', message: 'You cannot book your own laptop' },
  already_booked: /*i18n*/ { id: 'error.already_booked', message: 'You have already booked this laptop' },
  booking_change_forbidden: /*i18n*/ {
    id: 'error.booking_change_forbidden',
    message: 'Only a buyer whose booking stands, its seller or an admin may change this',
  },
  booking_already: /*i18n*/ {
    id: 'error.booking_already',
    message:
      'This booking is already {status, select, requested {requested} accepted {accepted} declined {declined} cancelled {cancelled} completed {completed} other {{status}}}',
  },
  booking_other_laptop: /*i18n*/ { id: 'error.booking_other_laptop', message: 'That booking is not for this laptop' },
  laptop_sold: /*i18n*/ { id: 'error.laptop_sold', message: 'This laptop has been sold' },
  own_listing: /*i18n*/ { id: 'error.own_listing', message: 'You cannot report your own listing' },
  already_reported: /*i18n*/ {
    id: 'error.already_reported',
    message:
      '{subject, select, conversation {This conversation has already been reported} other {You have already reported this listing}}',
  },
  reports_resolved: /*i18n*/ {
    id: 'error.reports_resolved',
    message: 'These reports have already been dealt with',
  },
  only_sellers_verification: /*i18n*/ {
    id: 'error.only_sellers_verification',
    message: 'Only sellers can ask for verification',
  },
  already_verified: /*i18n*/ { id: 'error.already_verified', message: 'You are already verified' },
  own_account_delete: /*i18n*/ { id: 'error.own_account_delete', message: 'You cannot delete your own account' },
  admin_not_deletable: /*i18n*/ { id: 'error.admin_not_deletable', message: 'An admin cannot be deleted here' },
  sellers_only_verified: /*i18n*/ { id: 'error.sellers_only_verified', message: 'Only sellers can be verified' },
  streams_busy: /*i18n*/ {
    id: 'error.streams_busy',
    message: 'Live updates are busy right now; the page will try again shortly.',
  },
  conversation_not_found: /*i18n*/ { id: 'error.conversation_not_found', message: 'Conversation not found' },
  own_listing_message: /*i18n*/ {
    id: 'error.own_listing_message',
    message: 'You cannot start a conversation about your own listing',
  },
  blocked_by_user: /*i18n*/ {
    id: 'error.blocked_by_user',
    message: 'This person has blocked you: you cannot message them or book their laptops',
  },
  you_blocked_user: /*i18n*/ {
    id: 'error.you_blocked_user',
    message: 'You have blocked this person: unblock them to write to them',
  },
  block_yourself: /*i18n*/ { id: 'error.block_yourself', message: 'You cannot block yourself' },
  phone_code_wrong: /*i18n*/ {
    id: 'error.phone_code_wrong',
    message: 'That code is not right. Tries left with this code: {tries_left}',
  },
  phone_code_expired: /*i18n*/ {
    id: 'error.phone_code_expired',
    message: 'This code has expired: ask for a new one',
  },
  phone_code_missing: /*i18n*/ {
    id: 'error.phone_code_missing',
    message: 'No code is waiting for this number: ask for a new one',
  },
  phone_code_tries_spent: /*i18n*/ {
    id: 'error.phone_code_tries_spent',
    message: 'Too many wrong codes: ask for a new one',
  },
  phone_taken: /*i18n*/ {
    id: 'error.phone_taken',
    message: 'This number is already verified on another account',
  },
  phone_removed: /*i18n*/ {
    id: 'error.phone_removed',
    message: 'This number belonged to an account Laptop Haat removed: it cannot be verified again',
  },
  sms_failed: /*i18n*/ {
    id: 'error.sms_failed',
    message: 'The SMS could not be sent right now. Please try again in a minute.',
  },
  phone_verification_required: /*i18n*/ {
    id: 'error.phone_verification_required',
    message: 'Verify your phone number first, in Account settings: {path}',
  },
  review_not_found: /*i18n*/ { id: 'error.review_not_found', message: 'Review not found' },
  review_not_yours: /*i18n*/ {
    id: 'error.review_not_yours',
    message: 'Only the buyer and the seller of this deal can rate it',
  },
  review_order_not_completed: /*i18n*/ {
    id: 'error.review_order_not_completed',
    message: 'A deal can be rated once it is completed',
  },
  review_window_closed: /*i18n*/ {
    id: 'error.review_window_closed',
    message: 'A deal can be rated for 14 days after it was completed',
  },
  already_reviewed: /*i18n*/ { id: 'error.already_reviewed', message: 'You have already rated this deal' },
  photo_missing: /*i18n*/ {
    id: 'error.photo_missing',
    message: 'Choose a photo to upload (the form field is "photo")',
  },
  photo_empty: /*i18n*/ { id: 'error.photo_empty', message: 'The file is empty' },
  photo_too_large: /*i18n*/ { id: 'error.photo_too_large', message: 'The photo is larger than {max_mb} MB' },
  photo_not_a_photo: /*i18n*/ {
    id: 'error.photo_not_a_photo',
    message: 'The file is not a JPEG, PNG, WebP or AVIF photo',
  },
  photo_mismatch: /*i18n*/ {
    id: 'error.photo_mismatch',
    message: 'The file is named or labelled as one kind of image but holds another',
  },
  photo_unreadable: /*i18n*/ {
    id: 'error.photo_unreadable',
    message: 'The photo could not be read: it may be damaged or cut short',
  },
  photo_too_many_pixels: /*i18n*/ {
    id: 'error.photo_too_many_pixels',
    message: 'The photo is larger than {max_megapixels} megapixels',
  },
  photo_too_costly: /*i18n*/ {
    id: 'error.photo_too_costly',
    message: 'The photo would take too much memory to process: save it as a JPEG, or make it smaller',
  },
  photo_interlaced: /*i18n*/ {
    id: 'error.photo_interlaced',
    message:
      'The photo is saved as progressive (interlaced), which takes too much memory at this size: save it as a standard JPEG or PNG, or make it smaller',
  },
  photo_deep: /*i18n*/ {
    id: 'error.photo_deep',
    message:
      'The photo has {deep} bits per colour, which takes too much memory at this size: save it with {usual} bits per colour (a JPEG has {usual}), or make it smaller',
  },
  photo_too_slow: /*i18n*/ {
    id: 'error.photo_too_slow',
    message: 'The photo took too long to process: save it as a JPEG, or make it smaller',
  },
  photo_trailing: /*i18n*/ { id: 'error.photo_trailing', message: 'The file holds more than a photo' },
  photo_malformed: /*i18n*/ {
    id: 'error.photo_malformed',
    message: 'The upload arrived cut short or garbled: please try again',
  },
  photo_uploads_at_once: /*i18n*/ {
    id: 'error.photo_uploads_at_once',
    message: 'Upload at most {max} photos at a time: wait for one to finish, then try again',
  },
  photo_busy: /*i18n*/ {
    id: 'error.photo_busy',
    message: 'Too many photos are being processed right now: please try again in a few seconds',
  },
  photo_store_away: /*i18n*/ {
    id: 'error.photo_store_away',
    message: 'Photos cannot be stored right now. Please try again in a moment.',
  },
  photo_store_away_read: /*i18n*/ {
    id: 'error.photo_store_away_read',
    message: 'Photos cannot be shown right now. Please try again in a moment.',
  },
  photo_not_yours: /*i18n*/ { id: 'error.photo_not_yours', message: 'Each photo must be one you uploaded' },
};

/** Each field code of FIELD_CODES in words; `{field}` is the field's label (FIELD_LABELS). */
export const FIELD_MESSAGES: Record<FieldCode, MessageDescriptor> = {
  required: /*i18n*/ { id: 'field.required', message: '{field} is required' },
  too_short: /*i18n*/ { id: 'field.too_short', message: '{field} must be {min} characters or longer' },
  too_long: /*i18n*/ { id: 'field.too_long', message: '{field} must be {max} characters or shorter' },
  too_small: /*i18n*/ { id: 'field.too_small', message: '{field} must be at least {min}' },
  too_big: /*i18n*/ { id: 'field.too_big', message: '{field} must be at most {max}' },
  too_few: /*i18n*/ { id: 'field.too_few', message: '{field} must have at least {min}' },
  too_many: /*i18n*/ { id: 'field.too_many', message: '{field} can have at most {max}' },
  not_integer: /*i18n*/ { id: 'field.not_integer', message: '{field} must be a whole number' },
  invalid_type: /*i18n*/ { id: 'field.invalid_type', message: '{field} has the wrong kind of value' },
  invalid_format: /*i18n*/ { id: 'field.invalid_format', message: '{field} is not in the right form' },
  invalid_email: /*i18n*/ { id: 'field.invalid_email', message: 'Enter a valid email address' },
  invalid_url: /*i18n*/ { id: 'field.invalid_url', message: '{field} must be an http:// or https:// URL' },
  not_one_of: /*i18n*/ { id: 'field.not_one_of', message: '{field} must be one of {values}' },
  unknown_parameter: /*i18n*/ { id: 'field.unknown_parameter', message: '{field} is not a known parameter' },
  invalid: /*i18n*/ { id: 'field.invalid', message: '{field} is not valid' },
  weak_password: /*i18n*/ {
    id: 'field.weak_password',
    message: 'Password must contain uppercase, lowercase, number and special character',
  },
  invalid_mobile: /*i18n*/ {
    id: 'field.invalid_mobile',
    message: 'Enter a Bangladeshi mobile number such as {example}',
  },
  invalid_code: /*i18n*/ { id: 'field.invalid_code', message: 'The code is the 6 digits in the SMS' },
  invalid_cursor: /*i18n*/ { id: 'field.invalid_cursor', message: 'cursor must be a cursor from a previous page' },
  details_required: /*i18n*/ { id: 'field.details_required', message: 'Tell us what is wrong with this listing' },
  one_change: /*i18n*/ { id: 'field.one_change', message: 'Give one change: advertise, salesStatus or resale_price' },
  order_with_sold: /*i18n*/ { id: 'field.order_with_sold', message: "orderId goes with salesStatus 'sold'" },
  photo_duplicate: /*i18n*/ { id: 'field.photo_duplicate', message: 'Each photo may appear only once' },
  control_characters: /*i18n*/ {
    id: 'field.control_characters',
    message: '{field} contains invisible control characters: remove them and send it again',
  },
};

/**
 * The fields people fill in, by their wire names, as the field messages name them (the spec's
 * words: 'laptop name is required'). Other fields (query parameters, ids) are named as they are.
 */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  email: /*i18n*/ { id: 'label.email', message: 'Email Address' },
  password: /*i18n*/ { id: 'label.password', message: 'Password' },
  currentPassword: /*i18n*/ { id: 'label.currentPassword', message: 'Password' },
  newPassword: /*i18n*/ { id: 'label.newPassword', message: 'Password' },
  name: /*i18n*/ { id: 'label.name', message: 'Name' },
  text: /*i18n*/ { id: 'label.text', message: 'The message' },
  role: /*i18n*/ { id: 'label.role', message: 'Role' },
  image: /*i18n*/ { id: 'label.image', message: 'Image' },
  laptop_name: /*i18n*/ { id: 'label.laptop_name', message: 'laptop name' },
  laptop_img: /*i18n*/ { id: 'label.laptop_img', message: 'laptop image' },
  category: /*i18n*/ { id: 'label.category', message: 'laptop category' },
  resale_price: /*i18n*/ { id: 'label.resale_price', message: 'resale price' },
  original_price: /*i18n*/ { id: 'label.original_price', message: 'original price' },
  conditionType: /*i18n*/ { id: 'label.conditionType', message: 'condition type' },
  sellerMobileNumber: /*i18n*/ { id: 'label.sellerMobileNumber', message: 'mobile number' },
  location: /*i18n*/ { id: 'label.location', message: 'location' },
  area: /*i18n*/ { id: 'label.area', message: 'area' },
  usage_Time: /*i18n*/ { id: 'label.usage_Time', message: 'years of purchase' },
  usage_months: /*i18n*/ { id: 'label.usage_months', message: 'months of use' },
  laptopDesc: /*i18n*/ { id: 'label.laptopDesc', message: 'laptop description' },
  brand: /*i18n*/ { id: 'label.brand', message: 'brand' },
  processor: /*i18n*/ { id: 'label.processor', message: 'processor' },
  ram_gb: /*i18n*/ { id: 'label.ram_gb', message: 'RAM' },
  storage_gb: /*i18n*/ { id: 'label.storage_gb', message: 'storage' },
  storage_type: /*i18n*/ { id: 'label.storage_type', message: 'storage type' },
  screen_inches: /*i18n*/ { id: 'label.screen_inches', message: 'screen size' },
  gpu: /*i18n*/ { id: 'label.gpu', message: 'graphics' },
  battery_health: /*i18n*/ { id: 'label.battery_health', message: 'battery health' },
  photos: /*i18n*/ { id: 'label.photos', message: 'photos' },
  buyerPhoneNumber: /*i18n*/ { id: 'label.buyerPhoneNumber', message: 'Phone number' },
  phone: /*i18n*/ { id: 'label.phone', message: 'Phone number' },
  code: /*i18n*/ { id: 'label.code', message: 'Code' },
  meetingAddress: /*i18n*/ { id: 'label.meetingAddress', message: 'Meeting address' },
  reason: /*i18n*/ { id: 'label.reason', message: 'Reason' },
  details: /*i18n*/ { id: 'label.details', message: 'Details' },
  note: /*i18n*/ { id: 'label.note', message: 'The note' },
};

// (The Lingui instance is `lingui`, not `i18n`: the extractor reads `i18n._(…)` calls as messages.)
/** How a language writes a number: '6', '10,000,000'; '৬', '১,০০,০০,০০০' in Bangla. */
export type NumberFormat = (value: number) => string;

const EXAMPLE_MOBILE = '01712345678';

function values(params: Record<string, ErrorParam>, number: NumberFormat): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number') out[key] = number(value);
    else if (Array.isArray(value))
      out[key] = value.map((v) => (typeof v === 'number' ? number(v) : String(v))).join(', ');
    else out[key] = String(value);
  }
  return out;
}

/** A reason and its parameters in `lingui`'s language. */
export function describeReason(
  lingui: I18n,
  reason: ErrorReason,
  params: Record<string, ErrorParam>,
  number: NumberFormat,
): string {
  const given = values(params, number);
  // Numbers that are part of a message's fixed words, written in the language's digits.
  if (reason === 'photo_deep') Object.assign(given, { deep: number(16), usual: number(8) });
  return lingui._({ ...REASON_MESSAGES[reason], values: given });
}

/** The label of field `name` in `lingui`'s language; a name without a label is its own. */
export function fieldLabel(lingui: I18n, name: string): string {
  const label = Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name] : undefined;
  return label ? lingui._(label) : name;
}

/** What is wrong with field `name` (`code` and its parameters) in `lingui`'s language. */
export function describeField(
  lingui: I18n,
  name: string,
  error: { code: string } & Record<string, ErrorParam>,
  number: NumberFormat,
): string {
  const { code, ...params } = error;
  const given: Record<string, string> = { ...values(params, number), field: fieldLabel(lingui, name) };
  if (code === 'invalid_mobile') given.example = EXAMPLE_MOBILE.replace(/\d/g, (d) => number(Number(d)));
  if (Object.hasOwn(FIELD_MESSAGES, code)) return lingui._({ ...FIELD_MESSAGES[code as FieldCode], values: given });
  if (Object.hasOwn(REASON_MESSAGES, code)) return describeReason(lingui, code as ErrorReason, params, number);
  return lingui._({ ...FIELD_MESSAGES.invalid, values: given });
}

// The codes of the API's errors (docs/product.md#api, docs/decisions/0032): what went wrong by
// code and parameters, beside a readable `message` in the caller's language. Clients word the codes
// themselves (the web app through its catalogs: shared/error-messages.ts); zod-free, so the web
// app's pages can read them without zod.
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * Why, exactly: one stable reason per distinct business message, with the kind (`code`) it answers.
 * Parameters a reason's words need travel in `params` (named in the comment).
 */
export const ERROR_REASONS = {
  // Generic answers of the plumbing.
  invalid_request: 'validation',
  invalid_json: 'validation',
  malformed_request: 'validation',
  headers_too_large: 'validation',
  unsupported_media_type: 'validation',
  nul_character: 'validation',
  body_too_large: 'payload_too_large',
  not_found: 'not_found',
  /** `method` and `path`: an /api address no route answers. */
  no_route: 'not_found',
  forbidden: 'forbidden',
  conflict: 'conflict',
  too_many_requests: 'rate_limited',
  /** `seconds`: how long to wait. */
  too_many_attempts: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
  // Signing in, tokens and who may call a route.
  sign_in_required: 'unauthenticated',
  bearer_malformed: 'unauthenticated',
  token_invalid: 'unauthenticated',
  token_revoked: 'unauthenticated',
  metrics_token: 'unauthenticated',
  wrong_credentials: 'unauthenticated',
  cross_site: 'forbidden',
  sellers_only: 'forbidden',
  admins_only: 'forbidden',
  own_account_only: 'forbidden',
  record_own_account_only: 'forbidden',
  token_own_account_only: 'forbidden',
  token_exchange: 'forbidden',
  account_exists: 'conflict',
  reset_link_invalid: 'validation',
  /** `email`: the address nobody signed up with. */
  user_not_signed_up: 'not_found',
  // Things that are not there.
  laptop_not_found: 'not_found',
  order_not_found: 'not_found',
  user_not_found: 'not_found',
  seller_not_found: 'not_found',
  report_not_found: 'not_found',
  photo_not_found: 'not_found',
  /** `category`: the name asked for. */
  category_not_found: 'not_found',
  // Listings.
  add_as_yourself: 'forbidden',
  advertise_seller_only: 'forbidden',
  price_seller_only: 'forbidden',
  edit_own_only: 'forbidden',
  edit_seller_only: 'forbidden',
  delete_seller_or_admin: 'forbidden',
  mark_sold_seller_only: 'forbidden',
  laptop_not_for_sale: 'conflict',
  listing_not_editable: 'conflict',
  // Moderation (docs/product.md#moderation).
  listing_under_review: 'conflict',
  review_not_pending: 'conflict',
  proof_seller_only: 'forbidden',
  // Saved searches and push (docs/product.md#saved-searches).
  /** `max`: how many saved searches one user may keep. */
  saved_search_limit: 'conflict',
  saved_search_not_found: 'not_found',
  push_subscription_not_found: 'not_found',
  // Bookings.
  own_laptop: 'forbidden',
  already_booked: 'conflict',
  booking_change_forbidden: 'forbidden',
  /** `status`: the booking's state (requested, accepted, declined, cancelled, completed). */
  booking_already: 'conflict',
  booking_other_laptop: 'conflict',
  // Wishlist, reports, accounts.
  laptop_sold: 'conflict',
  own_listing: 'forbidden',
  /** `subject`: `conversation` for a conversation (by either of its people); none for a listing (by the caller). */
  already_reported: 'conflict',
  reports_resolved: 'conflict',
  only_sellers_verification: 'forbidden',
  already_verified: 'conflict',
  own_account_delete: 'forbidden',
  admin_not_deletable: 'forbidden',
  sellers_only_verified: 'validation',
  streams_busy: 'unavailable',
  // Conversations and blocks.
  conversation_not_found: 'not_found',
  own_listing_message: 'forbidden',
  blocked_by_user: 'forbidden',
  you_blocked_user: 'forbidden',
  block_yourself: 'validation',
  // Phone verification by SMS (docs/product.md#phone-verification).
  /** `tries_left`: wrong codes still allowed before a new one is needed. */
  phone_code_wrong: 'validation',
  phone_code_expired: 'validation',
  phone_code_missing: 'validation',
  phone_code_tries_spent: 'validation',
  phone_taken: 'conflict',
  phone_removed: 'forbidden',
  sms_failed: 'unavailable',
  /** `path`: the account settings page, where a phone is verified. */
  phone_verification_required: 'forbidden',
  // Ratings from completed deals.
  review_not_found: 'not_found',
  review_not_yours: 'forbidden',
  review_order_not_completed: 'conflict',
  review_window_closed: 'conflict',
  already_reviewed: 'conflict',
  // Photos (`fields.photo` carries the same reason as its code).
  photo_missing: 'validation',
  photo_empty: 'validation',
  /** `max_mb`. */
  photo_too_large: 'payload_too_large',
  photo_not_a_photo: 'validation',
  photo_mismatch: 'validation',
  photo_unreadable: 'validation',
  /** `max_megapixels`. */
  photo_too_many_pixels: 'validation',
  photo_too_costly: 'validation',
  photo_interlaced: 'validation',
  photo_deep: 'validation',
  photo_too_slow: 'validation',
  photo_trailing: 'validation',
  photo_malformed: 'validation',
  /** `max`: uploads at once. */
  photo_uploads_at_once: 'rate_limited',
  photo_busy: 'unavailable',
  photo_store_away: 'unavailable',
  photo_store_away_read: 'unavailable',
  photo_not_yours: 'validation',
} as const satisfies Record<string, ErrorCode>;
export type ErrorReason = keyof typeof ERROR_REASONS;

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(ERROR_REASONS, value);
}

/**
 * What is wrong with one field (`fields.<name>.code`): a small vocabulary derived from the schema's
 * checks, with its parameters beside it (`{ code: 'too_short', min: 6 }`). A field may also carry
 * a reason of ERROR_REASONS (a photo's), or a rule's own code (`weak_password`, `invalid_mobile`).
 */
export const FIELD_CODES = [
  /** Missing or blank. */
  'required',
  /** Text shorter than `min` characters. */
  'too_short',
  /** Text longer than `max` characters. */
  'too_long',
  /** A number below `min`. */
  'too_small',
  /** A number above `max`. */
  'too_big',
  /** A list with fewer than `min` items. */
  'too_few',
  /** A list with more than `max` items. */
  'too_many',
  /** A number with a fraction where a whole number is needed. */
  'not_integer',
  /** The wrong kind of value (`expected`: string, number, array, …). */
  'invalid_type',
  /** Text not in the form asked for (`format`: email, url, regex, …). */
  'invalid_format',
  /** Not one of `values`. */
  'not_one_of',
  /** A parameter the route does not know. */
  'unknown_parameter',
  /** Not an e-mail address. */
  'invalid_email',
  /** Not an http(s) URL. */
  'invalid_url',
  /** Broken some other rule of the field. */
  'invalid',
  // The rules' own codes.
  'weak_password',
  'invalid_mobile',
  'invalid_code',
  'invalid_cursor',
  'details_required',
  'one_change',
  'order_with_sold',
  'photo_duplicate',
  /** Text with control characters other than newline and tab. */
  'control_characters',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

/** A parameter value: a bound, a format's name, the allowed values. */
export type ErrorParam = string | number | boolean | readonly (string | number | boolean)[];

/** The generic reason for a kind of error, when nothing more exact is known. */
export const REASON_OF_CODE: Record<ErrorCode, ErrorReason> = {
  validation: 'invalid_request',
  unauthenticated: 'sign_in_required',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  payload_too_large: 'body_too_large',
  rate_limited: 'too_many_requests',
  unavailable: 'unavailable',
  internal: 'internal',
};

/** One zod issue as the fields of an error answer name it: its code and parameters (not its message). */
export interface IssueLike {
  code: string;
  message?: string;
  input?: unknown;
  [key: string]: unknown;
}

/**
 * The code and parameters of a zod issue (zod 4's codes mapped to FIELD_CODES). `missing` says the
 * field was not given (zod does not keep the input in its issues): any check of it then means `required`.
 */
export function fieldCodeOf(issue: IssueLike, missing: boolean): { code: string } & Record<string, ErrorParam> {
  if (missing) return { code: 'required' };
  const bound = (key: 'minimum' | 'maximum') => {
    const value = issue[key];
    return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  };
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int'
        ? { code: 'not_integer' }
        : { code: 'invalid_type', expected: String(issue.expected) };
    case 'too_small': {
      const min = bound('minimum') ?? 0;
      if (issue.origin === 'string') return min <= 1 ? { code: 'required' } : { code: 'too_short', min };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_few', min };
      return { code: 'too_small', min };
    }
    case 'too_big': {
      const max = bound('maximum') ?? 0;
      if (issue.origin === 'string') return { code: 'too_long', max };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many', max };
      return { code: 'too_big', max };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email' };
      if (issue.format === 'url') return { code: 'invalid_url' };
      return { code: 'invalid_format', format: String(issue.format) };
    case 'invalid_value':
      return Array.isArray(issue.values)
        ? { code: 'not_one_of', values: issue.values.map((v) => (typeof v === 'number' ? v : String(v))) }
        : { code: 'invalid' };
    case 'unrecognized_keys':
      return { code: 'unknown_parameter' };
    case 'custom': {
      // A rule names its own code and parameters (`params: { code: 'weak_password' }`).
      const { code, ...params } = (issue.params ?? {}) as Record<string, ErrorParam>;
      return { ...params, code: typeof code === 'string' ? code : 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

/** What is wrong with one field, as an error answer's `fields` names it. */
export type FieldError = { code: string; message: string } & { [param: string]: ErrorParam };

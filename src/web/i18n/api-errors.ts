import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { type ErrorParam, isErrorReason, REASON_OF_CODE } from '../../shared/error-codes.ts';
import { describeField, describeReason } from '../../shared/error-messages.ts';
import { type ApiError, isApiError } from '../lib/api-client.ts';
import { formatCount } from '../lib/format.ts';

// An API error in the page's language, worded from its codes (docs/decisions/0032): the reason and
// its parameters, each field's code and its parameters. The words are the catalogs of
// src/shared/error-messages.ts, loaded with the page messages; numbers in the page's digits.

/** What went wrong, from the error's reason (or its kind, when the answer named none). */
export function apiErrorText(error: ApiError): string {
  if (error.code === 'network') return t`Could not reach the server. Check your connection.`;
  if (error.worded) return error.message;
  if (isErrorReason(error.reason)) return describeReason(i18n, error.reason, error.params, formatCount);
  if (error.code === 'internal' && error.status !== 500) {
    const status = formatCount(error.status);
    return t`Request failed with status ${status}`;
  }
  return describeReason(i18n, REASON_OF_CODE[error.code], {}, formatCount);
}

/** What is wrong with field `name`, from its code and parameters. */
export function apiFieldText(name: string, field: { code: string } & Record<string, ErrorParam>): string {
  const { message: _words, ...issue } = field;
  return describeField(i18n, name, issue as { code: string } & Record<string, ErrorParam>, formatCount);
}

/** `error` in words when it is an API error, else `otherwise`. */
export function errorText(error: unknown, otherwise: string): string {
  return isApiError(error) ? apiErrorText(error) : otherwise;
}

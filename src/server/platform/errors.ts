import {
  ERROR_REASONS,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorParam,
  type ErrorReason,
} from '../../shared/error-codes.ts';
import { reasonWords } from './error-words.ts';

/** What is wrong with one field: a code of FIELD_CODES (or a reason) and its parameters. */
export type FieldIssue = { code: string } & Record<string, ErrorParam>;

// The one error type of the server: a reason of ERROR_REASONS, which fixes its code and status, and
// the reason's parameters. The error handler words it in the caller's language (docs/decisions/0032);
// `message` is the English, for logs.
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;

  constructor(
    readonly reason: ErrorReason,
    readonly params: Record<string, ErrorParam> = {},
    readonly fields?: Record<string, FieldIssue>,
  ) {
    super(reasonWords('en', reason, params));
    this.name = 'AppError';
    this.code = ERROR_REASONS[reason];
    this.status = ERROR_STATUS[this.code];
  }
}

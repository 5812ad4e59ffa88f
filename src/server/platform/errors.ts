import { ERROR_STATUS, type ErrorCode } from '../../shared/errors.ts';

// The one error type of the server. The error handler turns it into the documented JSON shape.
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

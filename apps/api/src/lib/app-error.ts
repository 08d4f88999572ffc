import { errorMessage } from '@dealclub/shared/error-messages';
import { ERROR_STATUS, type ErrorCode, type FieldError } from '@dealclub/shared/errors';
import { translate } from './i18n';

/**
 * The one error type of the API. Services throw it with a stable code; the error handler turns it
 * into `{ code, message, errors? }` with the code's HTTP status. `message` defaults to the English
 * copy of the code (the spec's wording where the spec has one).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
    readonly details?: Record<string, string>,
    /** CLOSING_INCOMPLETE: the milestones still open, answered as `open`. */
    readonly open?: string[],
  ) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A field error from a locale key: the English copy for the API, the key for the client. */
export function fieldError(path: string, key: string, params?: Record<string, string>): FieldError {
  return { path, message: translate('en', key, params), key, ...(params ? { params } : {}) };
}

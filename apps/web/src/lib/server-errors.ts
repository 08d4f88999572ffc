/**
 * API errors in the user's language. A coded refusal (`DEAL_PENDING`) reads as the locale entry
 * `errors.<CODE>`. The field errors of a 400 (`VALIDATION_FAILED`) each come with their English
 * `message` and, when that copy is a locale entry, its `key` and the `params` of its placeholders
 * (`FieldError` in @dealclub/shared/errors): the client shows its own translation of the key, and
 * the English sentence only when it has none (a server newer than the bundle).
 */
import type { ErrorCode, FieldError } from '@dealclub/shared/errors';
import { ApiError } from './api-client';

/** One field error as the user reads it: where it belongs (`zipCodes.3`) and its text. */
export interface ServerFieldError {
  path: string;
  text: string;
}

/** The `t` of react-i18next's `useTranslation()`, or of the i18next instance. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a failed call: the translation of the API's code (`errors.<CODE>`) when `allowedCodes`
 * is absent or names it, else the `fallbackKey` text (also for a code this bundle does not know).
 * `allowedCodes` keeps to the refusals whose own message says what happened, where any other code
 * reads better as the action's own failure ("There was an error accepting the offer").
 */
export function codedErrorText(
  t: Translate,
  error: unknown,
  fallbackKey: string,
  allowedCodes?: readonly ErrorCode[],
): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const fallback = t(fallbackKey);
  if (!code || (allowedCodes && !allowedCodes.includes(code))) return fallback;
  return t(`errors.${code}`, { defaultValue: fallback });
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message, key, params } = value as Record<string, unknown>;
  return (
    typeof path === 'string' &&
    typeof message === 'string' &&
    (key === undefined || typeof key === 'string') &&
    (params === undefined || (typeof params === 'object' && params !== null))
  );
}

/**
 * The field errors of `error` when it is a validation failure of the API, each translated with
 * `t`; an empty list for any other error (or a 400 without field errors).
 */
export function serverFieldErrors(error: unknown, t: Translate): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(isFieldError).map(({ path, message, key, params }) => ({
    path,
    // A key this bundle does not know yields the English copy rather than the bare key.
    text: key ? t(key, { ...params, defaultValue: message }) : message,
  }));
}

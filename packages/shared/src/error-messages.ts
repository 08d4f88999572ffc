/**
 * The English copy of each error code (the locale entry `errors.<CODE>`), for the server's answers.
 * Apart from `errors.ts` so that the web app, which shows its own translation of a code, does not
 * load the English texts beside the language it shows.
 */
import en from '../locales/en.json' with { type: 'json' };
import type { ErrorCode } from './errors';

export function errorMessage(code: ErrorCode): string {
  return en.errors[code];
}

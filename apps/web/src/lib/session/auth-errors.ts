import { ApiError } from '@/lib/api-client';
import { cognitoCode, NotConfiguredError } from './cognito-errors';

/** The locale key of the message to show for a failed identity call. */
export function authErrorKey(error: unknown, fallback = 'auth.errors.signInFailed'): string {
  if (error instanceof NotConfiguredError) return 'auth.errors.notConfigured';
  if (error instanceof ApiError && error.status === 403) return 'auth.deactivatedMessage';
  const message = error instanceof Error ? error.message : '';
  switch (cognitoCode(error)) {
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(message) ? 'auth.errors.locked' : 'auth.errors.incorrect';
    case 'UserNotConfirmedException':
      return 'auth.errors.notConfirmed';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return 'auth.errors.rateLimited';
    case 'CodeMismatchException':
      return 'auth.errors.codeMismatch';
    case 'ExpiredCodeException':
      return 'auth.errors.codeExpired';
    case 'InvalidPasswordException':
      // The embedded pool's "Password did not conform with policy: Password is too easy to guess".
      return /too easy to guess/i.test(message)
        ? 'auth.errors.passwordGuessable'
        : 'auth.errors.passwordPolicy';
    default:
      return fallback;
  }
}

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

/** The locale key for a failed code step (a wrong code, an ended challenge), else the sign-in's. */
export function codeErrorKey(error: unknown, fallback?: string): string {
  const code = cognitoCode(error);
  // A real pool answers a wrong set-up code with EnableSoftwareTokenMFAException.
  if (code === 'CodeMismatchException' || code === 'EnableSoftwareTokenMFAException')
    return 'mfa.errors.codeMismatch';
  const message = error instanceof Error ? error.message : '';
  if (code === 'NotAuthorizedException' && /session/i.test(message)) return 'mfa.errors.expired';
  return authErrorKey(error, fallback);
}

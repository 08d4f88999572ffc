/**
 * Two-step sign-in with an authenticator app (decision 027): TOTP per RFC 6238, HMAC-SHA-1,
 * 30-second steps, 6 digits. The identity provider checks the codes; the screens build the
 * `otpauth://` URI of the set-up QR code from the secret Cognito's `AssociateSoftwareToken` gives.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** The name an authenticator app shows above the account. */
export const TOTP_ISSUER = 'DealClub';

/** The `otpauth://` URI authenticator apps read from a QR code (the Key Uri Format). */
export function otpauthUri(account: string, base32Secret: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = Object.entries({
    secret: base32Secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

/** A base32 secret in groups of four, easier to type from the screen. */
export function groupedSecret(base32Secret: string): string {
  return base32Secret.replace(/(.{4})(?=.)/g, '$1 ');
}

// Whether a user's roles require two-step sign-in is a rule of the roles (roles.ts, where the
// profile's first visit finds it without this module's request); kept here for the API's imports.
export { mfaRequiredFor } from './roles';

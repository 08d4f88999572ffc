/**
 * The identity client (amazon-cognito-identity-js with its crypto: 22 KB of compressed script),
 * loaded when a screen first needs it, never with a screen: the session manager's sign-in and
 * refresh, and the screens that talk to the identity provider themselves (sign-in, password reset,
 * e-mail verification, the profile's password and e-mail changes). A form starts the download on
 * its first focus (`preloadIdentityClient`), so that its submit does not wait for it.
 */
export const identityClient = () => import('./cognito');

export function preloadIdentityClient() {
  void identityClient().catch(() => undefined);
}

/**
 * What the screens need to know about the identity client's failures, without loading the client
 * itself (amazon-cognito-identity-js and its crypto are a chunk of their own, see `cognito.ts`).
 */

export class NotConfiguredError extends Error {
  constructor() {
    super('AWS Cognito is not properly configured');
    this.name = 'NotConfiguredError';
  }
}

/** The Cognito error code of a failure (`NotAuthorizedException`, …), if it has one. */
export function cognitoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A minimal client of the Cognito user-pool API for AWS mode: the unauthenticated actions the
 * server makes on a user's behalf (SignUp for invitation sign-up). JSON over HTTPS, the same
 * protocol as the embedded provider, to `config.identity.endpoint` only (never a user-given URL).
 */
import { CognitoError, type CognitoErrorCode } from './cognito-error';

const TIMEOUT_MS = 10_000;

export async function callUserPool<T>(
  endpoint: string,
  action: string,
  body: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // A non-JSON answer is a failure of the service, reported below.
  }
  if (res.ok) return data as T;
  const type = String(data.__type ?? res.headers.get('x-amzn-errortype') ?? 'InternalErrorException')
    .split('#')
    .pop()!
    .split(':')[0]!;
  throw new CognitoError(type as CognitoErrorCode, String(data.message ?? data.Message ?? res.statusText));
}

import type { FastifyInstance } from 'fastify';

/** Signs in through the embedded identity protocol of an in-process app and returns the ID token. */
export async function createTestTokens(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const config = (await app.inject({ url: '/api/auth/public-config' })).json() as { clientId: string };
  const res = await app.inject({
    method: 'POST',
    url: '/cognito/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  return (res.json() as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/**
 * An error of the Cognito protocol (PROTOCOLS.md A): HTTP 400 with `{ __type, message }`; the
 * client library reads the code from `__type` (or the `x-amzn-errortype` header).
 */
export type CognitoErrorCode =
  | 'NotAuthorizedException'
  | 'UserNotConfirmedException'
  | 'PasswordResetRequiredException'
  | 'UsernameExistsException'
  | 'UserNotFoundException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'InvalidParameterException'
  | 'TooManyRequestsException'
  | 'ResourceNotFoundException'
  | 'UnknownOperationException'
  | 'AliasExistsException';

export class CognitoError extends Error {
  constructor(
    readonly type: CognitoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

export const incorrectCredentials = () =>
  new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const invalidCode = () =>
  new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const expiredCode = () =>
  new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { codedErrorText, serverFieldErrors } from './server-errors';

const validationFailed = (errors: unknown) =>
  new ApiError(400, 'Bad Request', {
    code: 'VALIDATION_FAILED',
    message: 'Some fields are not valid.',
    errors,
  });

const zipUnknown = {
  path: 'zipCodes.3',
  message: '99999 is not a US ZIP code.',
  key: 'geo.validation.zipUnknown',
  params: { zip: '99999' },
};

describe('serverFieldErrors', () => {
  it('translates a keyed error with its params into the language of `t`', () => {
    const error = validationFailed([zipUnknown]);
    expect(serverFieldErrors(error, i18n.getFixedT('en'))).toEqual([
      { path: 'zipCodes.3', text: '99999 is not a US ZIP code.' },
    ]);
    expect(serverFieldErrors(error, i18n.getFixedT('es'))).toEqual([
      { path: 'zipCodes.3', text: '99999 no es un código postal de EE. UU.' },
    ]);
  });

  it('shows the English message when there is no key, or a key this bundle does not know', () => {
    const error = validationFailed([
      { path: 'offerWebhookUrl', message: 'Refused: HTTP 500' },
      { path: 'city', message: 'City is unknown.', key: 'geo.validation.notAKeyWeHave' },
    ]);
    expect(serverFieldErrors(error, i18n.getFixedT('es'))).toEqual([
      { path: 'offerWebhookUrl', text: 'Refused: HTTP 500' },
      { path: 'city', text: 'City is unknown.' },
    ]);
  });

  it('has nothing for other errors, a 400 without field errors, or malformed entries', () => {
    const t = i18n.getFixedT('en');
    expect(serverFieldErrors(new Error('offline'), t)).toEqual([]);
    expect(
      serverFieldErrors(new ApiError(409, 'Conflict', { code: 'DEAL_PENDING', message: 'x' }), t),
    ).toEqual([]);
    expect(serverFieldErrors(validationFailed(undefined), t)).toEqual([]);
    expect(serverFieldErrors(validationFailed([{ path: 1, message: 'x' }, null, { path: 'a' }]), t)).toEqual(
      [],
    );
  });
});

describe('codedErrorText', () => {
  const conflict = (code: string) => new ApiError(409, 'Conflict', { code, message: 'From the server' });

  it("shows the translation of the API's code, not the server's sentence", () => {
    expect(codedErrorText(i18n.getFixedT('en'), conflict('DEAL_PENDING'), 'offers.form.failed')).toBe(
      'This deal is pending: no new offers.',
    );
    expect(codedErrorText(i18n.getFixedT('es'), conflict('DEAL_PENDING'), 'offers.form.failed')).toBe(
      'Esta propiedad está pendiente: no se aceptan nuevas ofertas.',
    );
  });

  it('falls back for a code outside the allowed ones, an unknown code, or no code at all', () => {
    const t = i18n.getFixedT('en');
    const failed = 'There was an error submitting your offer. Please try again.';
    expect(codedErrorText(t, conflict('DEAL_PENDING'), 'offers.form.failed', ['OWN_DEAL'])).toBe(failed);
    expect(codedErrorText(t, conflict('OWN_DEAL'), 'offers.form.failed', ['OWN_DEAL'])).toBe(
      'This is your own deal: you cannot make offers on it or express interest in it.',
    );
    expect(codedErrorText(t, conflict('NOT_A_CODE_WE_HAVE'), 'offers.form.failed')).toBe(failed);
    expect(codedErrorText(t, new Error('offline'), 'offers.form.failed')).toBe(failed);
  });
});

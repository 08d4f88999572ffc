import { renderHook } from '@testing-library/react';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, useFieldMessage } from './form-helpers';
import { i18n } from './i18n';

const validationFailed = (errors: unknown) =>
  new ApiError(400, 'Bad Request', {
    code: 'VALIDATION_FAILED',
    message: 'Some fields are not valid.',
    errors,
  });

describe('applyServerErrors', () => {
  it('puts each translated error on its field, or on the first segment of a path the form lacks', () => {
    const setError = vi.fn();
    const form = {
      getValues: () => ({ zipCodes: ['99999'], markets: [{ state: 'TX' }] }),
      setError,
    } as unknown as UseFormReturn<{ zipCodes: string[]; markets: { state: string }[] }>;
    const error = validationFailed([
      {
        path: 'zipCodes.3',
        message: '99999 is not a US ZIP code.',
        key: 'geo.validation.zipUnknown',
        params: { zip: '99999' },
      },
      { path: 'markets.0.state', message: 'Choose a state.' },
      { path: 'notes.2', message: 'Too long.' },
    ]);
    expect(applyServerErrors(form, error, i18n.getFixedT('es'))).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['zipCodes', { type: 'server', message: '99999 no es un código postal de EE. UU.' }],
      ['markets.0.state', { type: 'server', message: 'Choose a state.' }],
      ['notes', { type: 'server', message: 'Too long.' }],
    ]);
    expect(applyServerErrors(form, new Error('offline'), i18n.getFixedT('en'))).toBe(false);
  });
});

describe('useFieldMessage', () => {
  it('translates a schema key and shows any other text as it is, colons and all', () => {
    const { result } = renderHook(() => useFieldMessage());
    expect(result.current('offers.validation.closeDatePast')).toBe('The close date cannot be in the past.');
    expect(result.current('La URL del webhook debe empezar por https://')).toBe(
      'La URL del webhook debe empezar por https://',
    );
    expect(result.current(undefined)).toBeUndefined();
  });
});

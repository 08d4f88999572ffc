import { renderHook } from '@testing-library/react';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useToasts } from '@/components/ui/use-toast';
import { i18n } from './i18n';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const schema: Resolver<Values> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.email.includes('@')) errors.email = { type: 'format', message: 'auth.validation.email' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

describe('a lazily loaded resolver', () => {
  it('checks with the schema once it has loaded it, and loads it once', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyResolver(load);
    expect((await resolver({ email: 'ana' }, undefined, options)).errors).toHaveProperty('email');
    expect((await resolver({ email: 'ana@example.test' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses to pass a form it could not check, says so once, and tries to load again next time', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = lazyResolver(load);
    const toasts = renderHook(() => useToasts());

    const first = await resolver({ email: 'ana@example.test' }, undefined, options);
    expect(first.values).toEqual({});
    expect(first.errors).toHaveProperty('root.type', 'unavailable');
    expect(toasts.result.current[0]?.title).toBe(i18n.t('routeError.partFailed'));
    // A second failure right after (a field's re-check) does not repeat the message.
    const shown = toasts.result.current.length;
    expect((await resolver({ email: 'ana@example.test' }, undefined, options)).errors).toHaveProperty('root');
    expect(toasts.result.current.length).toBe(shown);

    // Back online: the schema loads and the form passes.
    expect((await resolver({ email: 'ana@example.test' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(3);
  });
});

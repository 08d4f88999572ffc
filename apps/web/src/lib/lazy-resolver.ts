/**
 * A react-hook-form resolver whose schema is loaded when the form is first validated, not with the
 * screen. The schemas are the API's own (zod, from `@dealclub/shared`), and zod is a fifth of a
 * first visit's script: the deal page's interest, offer and message forms would make every visit
 * pay for it though most only read the deal. `preload` starts the load early (on the form's first
 * focus) so that a submit does not wait for it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TValues extends FieldValues, TContext, TOutput> = Resolver<
  TValues,
  TContext,
  TOutput
> & {
  preload: () => void;
};

export function lazyResolver<TValues extends FieldValues, TContext = unknown, TOutput = TValues>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): LazyResolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed load (offline) is tried again by the next validation.
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TValues, TContext, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}

/**
 * A react-hook-form resolver whose schema is loaded when the form is first validated, not with the
 * screen. The schemas are the API's own (zod, from `@dealclub/shared`), and zod is a fifth of a
 * first visit's script: the deal page's interest, offer and message forms would make every visit
 * pay for it though most only read the deal. `preload` starts the load early (on the form's first
 * focus) so that a submit does not wait for it.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { loadOnce } from './load-once';

/** The message of a check that could not run (a locale key). */
const UNAVAILABLE = 'routeError.partFailed';
/** A field's change re-checks the form after a first submit: one toast per few seconds, not each. */
const ANNOUNCE_EVERY_MS = 5_000;
let announcedAt = Number.NEGATIVE_INFINITY;

function announceUnavailable() {
  const now = Date.now();
  if (now - announcedAt < ANNOUNCE_EVERY_MS) return;
  announcedAt = now;
  toast({ title: i18n.t(UNAVAILABLE), variant: 'destructive' });
}

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
  // A failed load (offline) is tried again by the next validation.
  const get = loadOnce(load);
  const resolver: Resolver<TValues, TContext, TOutput> = async (values, context, options) => {
    let schema: Resolver<TValues, TContext, TOutput>;
    try {
      schema = await get();
    } catch {
      // The schema could not be downloaded (offline, or a new release replaced its file): the form
      // is not sent unchecked, and the user is told why nothing happened.
      announceUnavailable();
      return {
        values: {},
        errors: { root: { type: 'unavailable', message: UNAVAILABLE } } as FieldErrors<TValues>,
      };
    }
    return schema(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}

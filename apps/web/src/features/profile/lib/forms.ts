/** What the profile tabs' forms share: the save and its outcome, and the completion redirect's next step. */
import { createElement, useCallback } from 'react';
import type { DefaultValues, FieldPath, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { profileTabFor } from '@dealclub/shared/profile-rules';
import { toast } from '@/components/ui/use-toast';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { applyServerErrors } from '@/lib/form-helpers';
import { lazyResolver, type LazyResolver } from '@/lib/lazy-resolver';
import type * as resolvers from './resolvers';
import { useSimpleForm, type FieldErrors } from '@/lib/simple-form';
import { useDraft, useKeepDraft } from '@/lib/use-draft';
import { sessionManager } from '@/lib/session/session-manager';

/**
 * The check of a tab's form (lib/resolvers.ts: the API's schema), loaded with zod when the form is
 * first focused (`preload`, on the form's `onFocus`) or checked, not with the tab.
 */
export function tabResolver<Values extends FieldValues, Output = Values>(
  name: keyof typeof resolvers,
): LazyResolver<Values, unknown, Output> {
  return lazyResolver(
    async () => (await import('./resolvers'))[name] as unknown as Resolver<Values, unknown, Output>,
  );
}

/**
 * A profile tab's form, checked by the tab's shared schema (`resolver`, see `tabResolver`) and
 * started from what was saved. Its `onSubmit` saves (after `check`, whose field error stops the
 * save), starts again from what the API answered, says so (`savedKey`) and calls `onSaved`. A
 * refusal puts the server's field errors on their fields and, like a form the schema refuses, says
 * it failed (`failedKey`). What the user types is kept as the tab's draft (`draft`, issue 33) until
 * it is saved; `notice` says when one came back.
 */
export function useTabForm<Values extends FieldValues, Saved>({
  draft,
  resolver,
  saved,
  defaults,
  save,
  savedKey,
  failedKey = 'profile.updateFailed',
  check,
  onSaved,
}: {
  /** The tab's name in its draft's key. */
  draft: string;
  resolver: Resolver<Values>;
  saved: Saved;
  defaults: (saved: Saved) => Values;
  save: (values: Values) => Promise<Saved>;
  savedKey: string;
  failedKey?: string;
  check?: (values: Values) => Promise<[path: FieldPath<Values>, message: string] | null>;
  onSaved?: (result: Saved) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { form, kept, notice } = useDraftedForm<Values>(draft, defaults(saved), resolver);
  const failed = () => toast({ title: t(failedKey), variant: 'destructive' });

  async function submit(values: Values) {
    try {
      const problem = await check?.(values);
      if (problem) {
        form.setError(problem[0], { type: 'validate', message: problem[1] });
        return failed();
      }
      const result = await save(values);
      kept.saved(defaults(result));
      form.reset(defaults(result));
      toast({ title: t(savedKey) });
      await onSaved?.(result);
    } catch (e) {
      applyServerErrors(form, e, t);
      failed();
    }
  }

  // A form whose check could not be downloaded has said so (lazyResolver): nothing was sent, so it
  // does not also say the save failed.
  const invalid = (errors: FieldErrors<Values>) => {
    if (errors.root?.type !== 'unavailable') failed();
  };
  return { form, onSubmit: form.handleSubmit(submit, invalid), notice };
}

/**
 * A profile form that keeps what the user types as its draft (`profile-<name>`, issue 33) and starts
 * from it; `notice` says when one came back, with a way to discard it. On a save, call
 * `kept.saved(values)` with what the form starts again from.
 */
export function useDraftedForm<Values extends FieldValues, Output = Values>(
  name: string,
  defaults: Values,
  resolver: Resolver<Values, unknown, Output>,
) {
  const kept = useDraft(`profile-${name}`, undefined, defaults);
  const form = useSimpleForm<Values, unknown, Output>({
    resolver,
    defaultValues: kept.initial as DefaultValues<Values>,
  });
  useKeepDraft(kept, form);
  const notice = createElement(KeptDraftNotice<Values>, { draft: kept, reset: () => form.reset(defaults) });
  return { form, kept, notice };
}

/**
 * After a tab is saved: re-read the user, and when the profile is now complete send them back to
 * the page the completion redirect took them from; when another part is missing (a buyer-and-seller
 * after buyer preferences), open that part's tab.
 */
export function useAfterProfileSave() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  return useCallback(async () => {
    await sessionManager.reloadUser();
    const state = sessionManager.getState();
    if (state.status !== 'authenticated') return;
    const from = (location.state as { from?: string } | null)?.from;
    if (!state.user.profileComplete) {
      const next = profileTabFor(state.user);
      if (next !== params.get('tab')) navigate(`/profile?tab=${next}`, { state: location.state });
    } else if (from) {
      navigate(from, { replace: true });
    }
  }, [location.state, navigate, params]);
}

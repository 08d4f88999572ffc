/** Small helpers the profile forms share. */
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { profileTabFor } from '@dealclub/shared/profile';
import { sessionManager } from '@/features/auth/lib/session-manager';
import { ApiError } from '@/lib/api-client';

/** `setValueAs` of a number input: empty is null, anything else a number (NaN fails validation). */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** A number for an input's default value: null shows as empty. */
export const inputNumber = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value;

/**
 * Puts the server's field errors (`zipCodes.3`, `markets.0.state`) on the form's fields; a path the
 * form does not know lands on its first segment. Answers whether any were field errors.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const fields = (error.body as { errors?: { path: string; message: string }[] }).errors ?? [];
  const values = form.getValues() as Record<string, unknown>;
  for (const field of fields) {
    const name = field.path.split('.')[0] ?? field.path;
    const target = name in values && !/^zipCodes\./.test(field.path) ? field.path : name;
    form.setError(target as Path<T>, { message: field.message });
  }
  return fields.length > 0;
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

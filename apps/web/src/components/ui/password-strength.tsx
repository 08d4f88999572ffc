/**
 * How guessable a new password is, on the screens that set one (sign-up, password reset, the
 * new-password challenge, the profile's password change; DECISIONS.md, "Passwords"): as the user
 * types, zxcvbn's reason and advice in the user's language; on submit, the refusal of a password
 * the identity provider would refuse. The dictionaries load with the first character typed or the
 * first submit, never with the screen (@dealclub/shared/password-strength).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';
import { loadPasswordChecker, type PasswordChecker } from '@dealclub/shared/password-strength';
import { useFieldMessage } from '@/lib/form-helpers';
import { FormField } from './form-field';

/** The field error of a password that scores too low (a locale key, as the schemas' messages). */
const GUESSABLE_PASSWORD = 'auth.validation.passwordGuessable';

/**
 * `resolver` (the form's schema), then, when the password passed it, its guessability: a form
 * with a `password` field does not submit a password the server would refuse as too easy to guess.
 */
export function withPasswordStrength<TValues extends FieldValues & { password: string }, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const checked = !options.names || (options.names as string[]).includes('password');
    if (!checked || result.errors.password || !values.password) return result;
    const checker = await loadPasswordChecker();
    if (checker.check(values.password).strong) return result;
    const password = { type: 'strength', message: GUESSABLE_PASSWORD };
    return { values: {}, errors: { ...result.errors, password } as FieldErrors<TValues> };
  };
}

/** Under a new-password field: whether `password` (what is typed) is hard enough to guess, and if not, why. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t, i18n } = useTranslation();
  const checker = useChecker(password !== '');
  const strength = checker && password ? checker.check(password) : null;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  const advice = strength && !strength.strong ? checker!.advice(strength.feedback, language) : null;
  return (
    <div aria-live="polite" className="text-sm" data-testid="password-strength">
      {strength?.strong && <p className="text-emerald-700">{t('auth.passwordStrength.strong')}</p>}
      {advice && (
        <>
          <p className="text-amber-800">
            {t('auth.passwordStrength.weak')}
            {advice.warning && ` ${advice.warning}`}
          </p>
          {advice.suggestions.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {advice.suggestions.map((suggestion) => (
                <li key={suggestion}>{suggestion}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The checker once `wanted` (something is typed) and its dictionaries are in. */
function useChecker(wanted: boolean): PasswordChecker | null {
  const [checker, setChecker] = useState<PasswordChecker | null>(null);
  useEffect(() => {
    if (!wanted || checker) return;
    let live = true;
    loadPasswordChecker().then(
      (loaded) => live && setChecker(loaded),
      () => undefined, // offline: the submit tries again, and the server checks anyway
    );
    return () => {
      live = false;
    };
  }, [wanted, checker]);
  return checker;
}

/**
 * What the password fields need of their form (`lib/simple-form.ts`: sign-up, the password reset,
 * the new-password challenge, the profile's password change).
 * `watch` re-renders the form as the password is typed, for the hint.
 */
export interface PasswordForm {
  register: (name: 'password' | 'confirm') => UseFormRegisterReturn;
  watch: (name: 'password') => unknown;
  formState: { errors: Partial<Record<'password' | 'confirm', { message?: string }>> };
}

/**
 * A new password and its confirmation, as every screen that sets one asks for them: the strength
 * hint (and `rules`, when the screen states them) under the first, each field with its error.
 */
export function NewPasswordFields({
  form,
  passwordLabel,
  confirmLabel,
  rules,
}: {
  form: PasswordForm;
  passwordLabel: string;
  confirmLabel: string;
  rules?: ReactNode;
}) {
  const fieldError = useFieldMessage();
  const { errors } = form.formState;
  return (
    <>
      <FormField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={
          <>
            {rules}
            <PasswordStrengthHint password={String(form.watch('password') ?? '')} />
          </>
        }
        error={fieldError(errors.password?.message)}
        {...form.register('password')}
      />
      <FormField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.confirm?.message)}
        {...form.register('confirm')}
      />
    </>
  );
}

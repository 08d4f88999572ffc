/**
 * The second step of a sign-in: the authenticator code, or (for a role that requires two-step
 * sign-in and has not set it up) the set-up, whose first code finishes the sign-in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { useLocaleSection } from '@/lib/i18n';
import { sessionManager } from '@/lib/session/session-manager';
import { AuthenticatorKey, CodeField, codeSchema, type CodeValues } from '@/components/ui/authenticator';
import { codeErrorKey } from '@/lib/session/auth-errors';

interface SecondStepProps {
  /** The set-up (MFA_SETUP) rather than the code step. */
  setup: boolean;
  email: string;
  onDone: () => void;
  /** Back to the password, when the challenge has ended. */
  onRestart: () => void;
}

export function SecondStep({ setup, email, onDone, onRestart }: SecondStepProps) {
  const { t } = useTranslation();
  const ready = useLocaleSection('mfa');
  const heading = useRef<HTMLHeadingElement>(null);
  const restart = useRef<HTMLButtonElement>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each refused code: the field is emptied and takes the focus again, once the form has settled.
  const [refusals, setRefusals] = useState(0);
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (!setup) return;
    sessionManager.startMfaSetup().then(setSecret, (e: unknown) => setError(codeErrorKey(e)));
  }, [setup]);

  // The step replaces the password form: the focus moves to its heading, not to the page.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  // A set-up that could not start, an ended challenge or a locked account: back to the password,
  // whose button takes the focus (the field that had it is gone).
  const ended =
    error === 'mfa.errors.expired' || error === 'auth.errors.locked' || (setup && !secret && !!error);
  useEffect(() => {
    if (ended) restart.current?.focus();
    else if (refusals) form.setFocus('code');
  }, [ended, refusals, form]);

  if (!ready) return null;

  async function submit(values: CodeValues) {
    setError(null);
    const code = codeSchema.parse(values).code;
    try {
      if (setup) await sessionManager.finishMfaSetup(code);
      else await sessionManager.submitTotpCode(code);
      onDone();
    } catch (e) {
      setError(codeErrorKey(e));
      form.reset({ code: '' });
      setRefusals((n) => n + 1);
    }
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {t(setup ? 'mfa.setupTitle' : 'mfa.codeTitle')}
      </h1>
      <p className="mt-2 text-slate-700">{t(setup ? 'mfa.setupLead' : 'mfa.codeLead')}</p>
      {setup && (
        <div className="mt-6">
          {secret ? (
            <AuthenticatorKey account={email} secret={secret} />
          ) : (
            !error && <p>{t('mfa.preparing')}</p>
          )}
        </div>
      )}
      <form noValidate onSubmit={form.handleSubmit(submit)} className="mt-8 grid gap-5">
        {error && <FormAlert>{t(error)}</FormAlert>}
        {ended ? (
          <button
            ref={restart}
            type="button"
            onClick={onRestart}
            className="h-11 rounded-md border border-slate-300 px-4 font-semibold text-ink hover:bg-slate-50"
          >
            {t('auth.backToSignIn')}
          </button>
        ) : (
          <>
            <CodeField errorKey={form.formState.errors.code?.message} {...form.register('code')} />
            <SubmitButton
              busy={form.formState.isSubmitting}
              busyLabel={t('mfa.verifying')}
              disabled={setup && !secret}
            >
              {t(setup ? 'mfa.setupSubmit' : 'mfa.verify')}
            </SubmitButton>
          </>
        )}
      </form>
    </>
  );
}

export default SecondStep;

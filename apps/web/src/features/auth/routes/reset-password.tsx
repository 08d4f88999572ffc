import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { NewPasswordFields, withPasswordStrength } from '@/components/ui/password-strength';
import { usePageTitle } from '@/hooks/use-page-title';
import { lazyResolver } from '@/lib/lazy-resolver';
import { authErrorKey } from '@/lib/session/auth-errors';
import { identityClient, preloadIdentityClient } from '@/lib/session/identity-client';
import { useSimpleForm } from '@/lib/simple-form';

type RequestValues = { email: string };
type ConfirmValues = { email: string; code: string; password: string; confirm: string };

// The schemas load on a form's first focus or check, with the identity client (not with the screen).
const resolvers = () => import('../components/code-resolvers');
const requestResolver = lazyResolver<RequestValues>(() => resolvers().then((m) => m.resetRequestResolver));
const confirmResolver = lazyResolver<ConfirmValues>(() => resolvers().then((m) => m.resetConfirmResolver));
const preload = () => {
  preloadIdentityClient();
  requestResolver.preload();
  confirmResolver.preload();
};

/** `/reset-password`: ask for a code by e-mail, then set a new password with it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.resetPassword'));
  const [params] = useSearchParams();
  const initialEmail = params.get('email') ?? '';
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>(
    params.get('step') === 'confirm' ? 'confirm' : 'request',
  );
  const [sent, setSent] = useState(params.get('step') === 'confirm');
  const [error, setError] = useState<string | null>(null);

  const request = useSimpleForm({
    resolver: requestResolver,
    defaultValues: { email: initialEmail },
  });
  const confirm = useSimpleForm({
    resolver: withPasswordStrength(confirmResolver),
    defaultValues: { email: initialEmail, code: '', password: '', confirm: '' },
  });
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  async function sendCode(values: RequestValues) {
    setError(null);
    try {
      const user = await (await identityClient()).cognitoUser(values.email);
      await new Promise<void>((resolve, reject) =>
        user.forgotPassword({
          onSuccess: () => resolve(),
          onFailure: reject,
          inputVerificationCode: () => resolve(),
        }),
      );
      confirm.setValue('email', values.email);
      setSent(true);
      setStep('confirm');
    } catch (e) {
      setError(authErrorKey(e, 'auth.errors.resetFailed'));
    }
  }

  async function setPassword(values: ConfirmValues) {
    setError(null);
    try {
      const user = await (await identityClient()).cognitoUser(values.email);
      await new Promise<void>((resolve, reject) =>
        user.confirmPassword(values.code, values.password, { onSuccess: () => resolve(), onFailure: reject }),
      );
      setStep('done');
    } catch (e) {
      setError(authErrorKey(e, 'auth.errors.resetFailed'));
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t('auth.resetTitle')}</h1>
      {step === 'request' && (
        <>
          <p className="mt-2 text-slate-700">{t('auth.resetLead')}</p>
          <form
            noValidate
            onSubmit={request.handleSubmit(sendCode)}
            onFocus={preload}
            className="mt-8 grid gap-5"
          >
            {error && <FormAlert>{t(error)}</FormAlert>}
            <FormField
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              error={fieldError(request.formState.errors.email?.message)}
              {...request.register('email')}
            />
            <SubmitButton busy={request.formState.isSubmitting} busyLabel={t('auth.sendingCode')}>
              {t('auth.sendCode')}
            </SubmitButton>
          </form>
        </>
      )}
      {step === 'confirm' && (
        <form
          noValidate
          onSubmit={confirm.handleSubmit(setPassword)}
          onFocus={preload}
          className="mt-8 grid gap-5"
        >
          {sent && <FormAlert tone="success">{t('auth.resetSent')}</FormAlert>}
          {error && <FormAlert>{t(error)}</FormAlert>}
          <FormField
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            error={fieldError(confirm.formState.errors.email?.message)}
            {...confirm.register('email')}
          />
          <FormField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={fieldError(confirm.formState.errors.code?.message)}
            {...confirm.register('code')}
          />
          <NewPasswordFields
            form={confirm}
            passwordLabel={t('auth.newPassword')}
            confirmLabel={t('auth.confirmPassword')}
          />
          <SubmitButton busy={confirm.formState.isSubmitting} busyLabel={t('auth.sendingCode')}>
            {t('auth.resetSubmit')}
          </SubmitButton>
        </form>
      )}
      {step === 'done' && (
        <div className="mt-8 grid gap-4">
          <FormAlert tone="success">{t('auth.resetDone')}</FormAlert>
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-brand-700 underline underline-offset-4">
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { lazyResolver } from '@/lib/lazy-resolver';
import { authErrorKey } from '@/lib/session/auth-errors';
import { identityClient, preloadIdentityClient } from '@/lib/session/identity-client';
import { useSimpleForm } from '@/lib/simple-form';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';

type Values = { email: string; code: string };

/** The schema loads on the form's first focus or check, with the identity client. */
const resolver = lazyResolver<Values>(() =>
  import('../components/code-resolvers').then((m) => m.verifyResolver),
);
const preload = () => {
  preloadIdentityClient();
  resolver.preload();
};

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

/** `/verify`: confirm the e-mail of a new account with the code, or ask for a new code. */
export default function VerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.verify'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; key: string } | null>(null);
  const [done, setDone] = useState(false);
  const form = useSimpleForm({
    resolver,
    defaultValues: { email: params.get('email') ?? '', code: '' },
  });
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  async function confirm(values: Values) {
    setNotice(null);
    try {
      const user = await (await identityClient()).cognitoUser(values.email);
      await new Promise((resolve, reject) =>
        user.confirmRegistration(values.code, true, (err, result) => (err ? reject(err) : resolve(result))),
      );
      setDone(true);
      setNotice({ tone: 'success', key: 'access.verified' });
    } catch (e) {
      setNotice({ tone: 'error', key: authErrorKey(e, 'auth.errors.codeMismatch') });
    }
  }

  async function resend() {
    const valid = await form.trigger('email');
    if (!valid) return;
    setNotice(null);
    try {
      const user = await (await identityClient()).cognitoUser(form.getValues().email);
      await new Promise((resolve, reject) =>
        user.resendConfirmationCode((err, result) => (err ? reject(err) : resolve(result))),
      );
      setNotice({ tone: 'success', key: 'access.resent' });
    } catch (e) {
      setNotice({ tone: 'error', key: authErrorKey(e) });
    }
  }

  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.verifyTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('access.verifyLead')}</p>
      <div className="mt-6">{notice && <FormAlert tone={notice.tone}>{t(notice.key)}</FormAlert>}</div>
      {done ? (
        <Link
          to="/auth"
          className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t('auth.signIn')}
        </Link>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(confirm)} onFocus={preload} className="mt-6 grid gap-5">
          <FormField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            error={fieldError(form.formState.errors.email?.message)}
            {...form.register('email')}
          />
          <FormField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={fieldError(form.formState.errors.code?.message)}
            {...form.register('code')}
          />
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('access.verifying')}>
            {t('access.verify')}
          </SubmitButton>
          <button
            type="button"
            onClick={() => void resend()}
            className="justify-self-start text-sm text-brand-700 underline underline-offset-4"
          >
            {t('access.resend')}
          </button>
        </form>
      )}
    </section>
  );
}

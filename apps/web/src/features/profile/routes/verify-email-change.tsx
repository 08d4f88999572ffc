import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { lazyResolver } from '@/lib/lazy-resolver';
import { authErrorKey } from '@/lib/session/auth-errors';
import { identityClient, preloadIdentityClient } from '@/lib/session/identity-client';
import { sessionManager } from '@/lib/session/session-manager';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { useSimpleForm } from '@/lib/simple-form';

/** The schema loads on the form's first focus or check, with the identity client. */
const resolver = lazyResolver<{ code: string }>(() =>
  import('../components/email-code-resolver').then((m) => m.emailCodeResolver),
);
const preload = () => {
  preloadIdentityClient();
  resolver.preload();
};

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

/** `/verify-email-change`: the code sent to the new address completes an e-mail change. */
export default function VerifyEmailChangePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.verifyEmailChange'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ tone: 'error' | 'success'; key: string } | null>(null);
  const form = useSimpleForm<{ code: string }>({ resolver, defaultValues: { code: '' } });

  async function submit(values: { code: string }) {
    setState(null);
    try {
      const user = await (await identityClient()).currentCognitoUser();
      await new Promise((resolve, reject) =>
        user.verifyAttribute('email', values.code, { onSuccess: resolve, onFailure: reject }),
      );
      setState({ tone: 'success', key: 'profile.verifyEmailDone' });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      await sessionManager.reloadUser();
    } catch (e) {
      setState({ tone: 'error', key: authErrorKey(e, 'auth.errors.codeMismatch') });
    }
  }

  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t('profile.verifyEmailTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('profile.verifyEmailLead')}</p>
      {params.get('email') && <p className="mt-2 font-medium">{params.get('email')}</p>}
      <div className="mt-6">{state && <FormAlert tone={state.tone}>{t(state.key)}</FormAlert>}</div>
      {state?.tone !== 'success' && (
        <form noValidate onSubmit={form.handleSubmit(submit)} onFocus={preload} className="mt-6 grid gap-5">
          <FormField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={form.formState.errors.code?.message ? t(form.formState.errors.code.message) : undefined}
            {...form.register('code')}
          />
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('access.verifying')}>
            {t('access.verify')}
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/profile?tab=profile" className="text-brand-700 underline underline-offset-4">
          {t('profile.backToProfile')}
        </Link>
      </p>
    </section>
  );
}

import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PartBoundary, retryableLazy } from '@/components/ui/confirm-dialog';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { PageFallback } from '@/components/layout/page-fallback';
import { usePageTitle } from '@/hooks/use-page-title';
import { lazyResolver } from '@/lib/lazy-resolver';
import { authErrorKey } from '@/lib/session/auth-errors';
import { identityClient, preloadIdentityClient } from '@/lib/session/identity-client';
import { sessionManager } from '@/lib/session/session-manager';
import { useSimpleForm } from '@/lib/simple-form';
import { useSession } from '@/lib/session/session-context';
import {
  forgetReturnTo,
  forgetSessionEnd,
  peekSessionEnd,
  returnTo,
  SESSION_END_MESSAGES,
  type SessionEnd,
} from '@/lib/session/session-end';
import type { NewPasswordValues } from '../components/new-password-step';

type SignInValues = { email: string; password: string };
type Step = 'credentials' | 'newPassword' | 'resetRequired' | 'totpRequired' | 'mfaSetup';

// The sign-in screen is the first any member sees on a new device: its first visit carries the
// form and nothing else. The schema (zod), the identity client and the rarer steps (a new password,
// the authenticator code) load when they are needed; the form's first focus starts the first two.
const signInResolver = lazyResolver<SignInValues>(() =>
  import('../components/sign-in-resolver').then((m) => m.signInResolver),
);
const preload = () => {
  signInResolver.preload();
  preloadIdentityClient();
};
const NewPasswordStep = retryableLazy(() => import('../components/new-password-step'));
const SecondStep = retryableLazy(() => import('../components/second-step'));

/** `/auth`: e-mail and password; the new-password challenge; the reset-required message. */
export default function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.auth'));
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnTo((location.state as { from?: string } | null)?.from);
  // Why the user is here, when a session ended: read as the page renders, forgotten once it is on
  // screen (a later visit does not repeat it; a render thrown away before it shows does not lose it).
  const [ended] = useState(peekSessionEnd);
  useEffect(forgetSessionEnd, []);
  const done = () => {
    forgetReturnTo();
    navigate(from, { replace: true });
  };
  const [step, setStep] = useState<Step>('credentials');
  // A step whose form replaces the one that had the focus takes it on its heading (the new-password
  // and authenticator steps focus their own), so that it never falls to the page's body.
  const heading = useRef<HTMLHeadingElement>(null);
  const [arrivals, setArrivals] = useState(0);
  const arrive = (next: 'credentials' | 'resetRequired') => {
    setStep(next);
    setArrivals((n) => n + 1);
  };
  useEffect(() => {
    if (arrivals > 0) heading.current?.focus();
  }, [arrivals]);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const signIn = useSimpleForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });

  if (session.status === 'authenticated' && step !== 'resetRequired') return <Navigate to={from} replace />;

  async function submitCredentials(values: SignInValues) {
    setError(null);
    try {
      const result = await sessionManager.signIn(values.email, values.password);
      setEmail(values.email);
      if (result.status === 'newPasswordRequired') return setStep('newPassword');
      if (result.status === 'totpRequired' || result.status === 'mfaSetup') return setStep(result.status);
      if (result.status === 'resetRequired') {
        // The spec's message says the e-mail is on its way: send the code now.
        const { cognitoUser } = await identityClient();
        const user = await cognitoUser(values.email);
        await new Promise<void>((resolve) =>
          user.forgotPassword({
            onSuccess: () => resolve(),
            onFailure: () => resolve(),
            inputVerificationCode: () => resolve(),
          }),
        );
        return arrive('resetRequired');
      }
      done();
    } catch (e) {
      setError(authErrorKey(e));
    }
  }

  async function submitNewPassword(values: NewPasswordValues) {
    setError(null);
    try {
      const result = await sessionManager.completeNewPasswordChallenge(values.password);
      if (result.status === 'totpRequired' || result.status === 'mfaSetup') return setStep(result.status);
      done();
    } catch (e) {
      setError(authErrorKey(e));
    }
  }

  const fieldError = (message?: string) => (message ? t(message) : undefined);

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      {step === 'credentials' && (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
            {t('auth.signInTitle')}
          </h1>
          <p className="mt-2 text-slate-700">{t('auth.signInLead')}</p>
          <form
            noValidate
            onSubmit={signIn.handleSubmit(submitCredentials)}
            onFocus={preload}
            className="mt-8 grid gap-5"
          >
            {ended && !error && <FormAlert tone="info">{sessionEndText(t, ended)}</FormAlert>}
            {error && <FormAlert>{t(error)}</FormAlert>}
            <FormField
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              error={fieldError(signIn.formState.errors.email?.message)}
              {...signIn.register('email')}
            />
            <FormField
              label={t('auth.password')}
              type="password"
              autoComplete="current-password"
              error={fieldError(signIn.formState.errors.password?.message)}
              {...signIn.register('password')}
            />
            <SubmitButton busy={signIn.formState.isSubmitting} busyLabel={t('auth.signingIn')}>
              {t('auth.signIn')}
            </SubmitButton>
          </form>
          <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
            <Link to="/reset-password" className="text-brand-700 underline underline-offset-4">
              {t('auth.forgotPassword')}
            </Link>
            <span>
              {t('auth.noAccount')}{' '}
              <Link to="/signup" className="text-brand-700 underline underline-offset-4">
                {t('auth.signUpLink')}
              </Link>
            </span>
          </div>
        </>
      )}

      <PartBoundary
        key={step}
        onFailed={() => {
          // The step could not be loaded: back to the password, to sign in again.
          NewPasswordStep.retry();
          SecondStep.retry();
          arrive('credentials');
        }}
      >
        <Suspense fallback={<PageFallback />}>
          {step === 'newPassword' && <NewPasswordStep error={error} onSubmit={submitNewPassword} />}
          {(step === 'totpRequired' || step === 'mfaSetup') && (
            <SecondStep
              setup={step === 'mfaSetup'}
              email={email}
              onDone={done}
              onRestart={() => {
                setError(null);
                arrive('credentials');
              }}
            />
          )}
        </Suspense>
      </PartBoundary>

      {step === 'resetRequired' && (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
            {t('auth.resetTitle')}
          </h1>
          <div className="mt-6">
            <FormAlert tone="info">{t('auth.resetRequired')}</FormAlert>
          </div>
          <Link
            to={`/reset-password?email=${encodeURIComponent(email)}&step=confirm`}
            className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t('auth.resetRequiredLink')}
          </Link>
        </>
      )}
    </section>
  );
}

/** The catalogue's message of a session's end, its title and description as one sentence. */
function sessionEndText(t: TFunction, reason: SessionEnd): string {
  const { title, description } = SESSION_END_MESSAGES[reason];
  return description ? t('session.titled', { title: t(title), description: t(description) }) : t(title);
}

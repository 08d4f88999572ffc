import { Home, KeyRound } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { Role } from '@dealclub/shared/roles';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { invitationTokenFrom, validateInvitation } from '../api/invitations';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';

const formFor = (role: Role, token: string) =>
  `${role === 'buyer' ? '/signup/buyer' : '/signup/seller'}?token=${encodeURIComponent(token)}`;

const errorKey = (e: unknown) =>
  e instanceof ApiError && e.code ? `errors.${e.code}` : 'access.invitationCheckFailed';

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

/**
 * `/signup`: sign-up needs an invitation. With one (from the link, or pasted), it goes to the form
 * of the role the invitation fixes; without, it offers request access.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signup'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [input, setInput] = useState(params.get('token') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The token of an invitation link opens the right form by itself.
  const linkToken = params.get('token');
  const linked = useQuery({
    queryKey: ['invitation', linkToken],
    queryFn: () => validateInvitation(linkToken!),
    enabled: Boolean(linkToken),
    retry: false,
  });

  async function check(raw: string) {
    const token = invitationTokenFrom(raw);
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const invitation = await validateInvitation(token);
      navigate(formFor(invitation.role, token), { replace: true });
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  if (linked.data && linkToken) return <Navigate to={formFor(linked.data.role, linkToken)} replace />;
  const shownError = error ?? (linked.error ? errorKey(linked.error) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(input);
  }

  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.signupTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('access.signupLead')}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {[
          {
            to: '/signup/buyer',
            icon: <KeyRound aria-hidden className="size-7 text-brand-700" />,
            title: 'access.buyerCard',
            body: 'access.buyerCardBody',
          },
          {
            to: '/signup/seller',
            icon: <Home aria-hidden className="size-7 text-brand-700" />,
            title: 'access.sellerCard',
            body: 'access.sellerCardBody',
          },
        ].map((card) => (
          <Link
            key={card.to}
            to={card.to}
            className="grid gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-700"
          >
            {card.icon}
            <span className="text-lg font-semibold">{t(card.title)}</span>
            <span className="text-slate-700">{t(card.body)}</span>
          </Link>
        ))}
      </div>
      <form onSubmit={submit} className="mt-10 grid gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('access.haveInvitation')}</h2>
        {shownError && <FormAlert>{t(shownError)}</FormAlert>}
        <FormField
          label={t('access.invitationField')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <SubmitButton busy={busy} busyLabel={t('access.checking')}>
          {t('access.continue')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm">
        {t('access.noInvitation')}{' '}
        <Link to="/requestAccess" className="text-brand-700 underline underline-offset-4">
          {t('access.requestAccessLink')}
        </Link>
      </p>
    </section>
  );
}

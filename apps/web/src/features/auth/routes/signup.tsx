import { Home, KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { invitationTokenFrom, validateInvitation } from '../api/invitations';

/**
 * `/signup`: sign-up needs an invitation. With one (from the link, or pasted), it goes to the form
 * of the role the invitation fixes; without, it offers request access.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signup'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [input, setInput] = useState(params.get('token') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function check(raw: string) {
    const token = invitationTokenFrom(raw);
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const invitation = await validateInvitation(token);
      const form = invitation.role === 'buyer' ? '/signup/buyer' : '/signup/seller';
      navigate(`${form}?token=${encodeURIComponent(token)}`, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.code ? `errors.${e.code}` : 'access.invitationCheckFailed');
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const token = params.get('token');
    if (token) void check(token);
    // Only the token of the link opens the form by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(input);
  }

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
        {error && <FormAlert>{t(error)}</FormAlert>}
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

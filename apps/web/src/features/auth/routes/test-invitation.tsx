import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { invitationTokenFrom, validateInvitation, type InvitationCheck } from '../api/invitations';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

/** `/test-invitation` (DECISIONS.md): paste a token and see whether it is valid and for which role. */
export default function TestInvitationPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('pages.testInvitation'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InvitationCheck | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      setResult(await validateInvitation(invitationTokenFrom(input)));
    } catch (e) {
      setError(e instanceof ApiError && e.code ? `errors.${e.code}` : 'access.invitationCheckFailed');
    } finally {
      setBusy(false);
    }
  }

  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.testTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('access.testLead')}</p>
      <form onSubmit={submit} className="mt-6 grid gap-5">
        {result && (
          <FormAlert tone="success">
            {t('access.valid', {
              role: t(`access.roles.${result.role}`),
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                new Date(result.expiresAt),
              ),
            })}
          </FormAlert>
        )}
        {error && <FormAlert>{t(error)}</FormAlert>}
        <FormField
          label={t('access.invitationField')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          required
        />
        <SubmitButton busy={busy} busyLabel={t('access.checking')}>
          {t('access.check')}
        </SubmitButton>
      </form>
    </section>
  );
}

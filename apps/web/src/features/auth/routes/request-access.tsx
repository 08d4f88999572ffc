import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestAccessInput } from '@dealclub/shared/access';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { requestAccess } from '../api/invitations';
import { PersonFields } from '../components/person-fields';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';

/** What the schema gives the submit: the request, trimmed and checked. */
type Requested = { firstName: string; lastName: string; email: string; phone: string };

/** The API's request-access schema, loaded on the form's first focus or check. */
const requestAccessResolver = lazyResolver<RequestAccessInput, unknown, Requested>(() =>
  import('../components/access-resolvers').then((m) => m.requestAccessResolver),
);

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

/** `/requestAccess`: an invitation by e-mail while the club has room, otherwise the waitlist. */
export default function RequestAccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.requestAccess'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const [result, setResult] = useState<'invited' | 'waitlisted' | 'failed' | null>(null);
  const form = useSimpleForm<RequestAccessInput, unknown, Requested>({
    resolver: requestAccessResolver,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '' },
  });
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  async function submit(values: Requested) {
    setResult(null);
    try {
      setResult((await requestAccess(values)).status);
    } catch {
      setResult('failed');
    }
  }

  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.requestTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('access.requestLead')}</p>
      <div className="mt-6 grid gap-3">
        {result === 'invited' && <FormAlert tone="success">{t('access.invitedResult')}</FormAlert>}
        {result === 'waitlisted' && (
          <FormAlert>
            <strong className="block">{t('access.waitlistedTitle')}</strong>
            {t('access.waitlisted')} {t('access.waitlistedNote')}
          </FormAlert>
        )}
        {result === 'failed' && <FormAlert>{t('access.requestFailed')}</FormAlert>}
      </div>
      {result !== 'invited' && result !== 'waitlisted' && (
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
          onFocus={requestAccessResolver.preload}
          className="mt-6 grid gap-5"
        >
          <PersonFields register={(name) => form.register(name)} errors={form.formState.errors} />
          <FormField
            label={t('access.phone')}
            type="tel"
            autoComplete="tel"
            error={fieldError(form.formState.errors.phone?.message)}
            {...form.register('phone')}
          />
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('access.sending')}>
            {t('access.send')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

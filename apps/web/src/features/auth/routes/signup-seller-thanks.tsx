import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

export default function SignUpSellerThanksPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signupSellerThanks'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 px-4 py-12">
      <MailCheck aria-hidden className="size-10 text-brand-700" />
      <h1 className="text-3xl font-bold">{t('access.thanksTitle')}</h1>
      <p className="text-slate-700">{t('access.thanksBody')}</p>
      <Link
        to={`/verify?email=${encodeURIComponent(email)}`}
        className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('access.thanksCta')}
      </Link>
    </section>
  );
}

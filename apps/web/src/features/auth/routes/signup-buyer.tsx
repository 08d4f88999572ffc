import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';
import { SignUpForm } from '../components/signup-form';
import { PageFallback } from '@/components/layout/page-fallback';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
// The texts download with the screen's code, not after its first render.
preloadLocaleSection('access');

export default function SignUpBuyerPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signupBuyer'));
  // The screens of access (sign-up, verification) share a section of texts, loaded with them.
  const textsReady = useLocaleSection('access');
  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.buyerSignupTitle')}</h1>
      <SignUpForm audience="buyer" />
    </section>
  );
}

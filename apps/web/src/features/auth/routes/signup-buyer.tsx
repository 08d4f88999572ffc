import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';
import { SignUpForm } from '../components/signup-form';

export default function SignUpBuyerPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signupBuyer'));
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.buyerSignupTitle')}</h1>
      <SignUpForm audience="buyer" />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';
import { SignUpForm } from '../components/signup-form';

export default function SignUpSellerPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.signupSeller'));
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t('access.sellerSignupTitle')}</h1>
      <SignUpForm audience="seller" />
    </section>
  );
}

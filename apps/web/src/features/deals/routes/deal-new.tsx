import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignInRedirect } from '@/lib/session/require-session';
import { isSellerSide } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { useSession } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { DealForm } from '../components/deal-form';

/** `/deals/new`: the seller side lists a deal; anyone else reads a short note. */
export default function DealNewPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.dealNew'));
  const session = useSession();
  const textsReady = useLocaleSection('dealForm');

  if (session.status === 'loading' || !textsReady) return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <SignInRedirect />;
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 id="deal-form-title" className="text-3xl font-bold">
        {t('dealForm.titleNew')}
      </h1>
      {isSellerSide(session.user.roles) ? (
        <>
          <p className="mt-2 text-slate-700">{t('dealForm.leadNew')}</p>
          <div className="mt-8">
            <DealForm />
          </div>
        </>
      ) : (
        <div className="mt-6 grid gap-4">
          <FormAlert tone="info">{t('dealForm.notAllowed')}</FormAlert>
          <Link to="/deals" className="font-medium text-brand-800 underline">
            {t('dealForm.browseDeals')}
          </Link>
        </div>
      )}
    </section>
  );
}

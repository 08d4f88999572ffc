import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SignInRedirect } from '@/lib/session/require-session';
import { isSellerSide } from '@dealclub/shared/roles';
import { isVerifiable } from '@dealclub/shared/verifications';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { useSession } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { useDeal } from '@/lib/deals';
import { DealForm } from '../components/deal-form';
import { VerifyTermsSection } from '../components/verify-terms-section';

/** `/deals/:id/edit`: the deal's originator (or an admin) edits it and manages its photos. */
export default function DealEditPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.dealEdit'));
  const { id = '' } = useParams();
  const session = useSession();
  const textsReady = useLocaleSection('dealForm');
  const deal = useDeal(id);

  if (session.status === 'loading' || !textsReady) return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <SignInRedirect />;
  }
  if (deal.isPending) return <PageFallback />;

  const roles = session.user.roles;
  const mayEdit = deal.data && isSellerSide(roles) && (deal.data.isOwn || roles.includes('admin'));
  const editable = mayEdit && deal.data?.status !== 'deleted';

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 id="deal-form-title" className="text-3xl font-bold">
        {t('dealForm.titleEdit')}
      </h1>
      {deal.data && editable ? (
        <div className="mt-8">
          <DealForm key={deal.data.id} deal={deal.data} />
          {isVerifiable(deal.data) && (
            <VerifyTermsSection dealId={deal.data.id} canUpload={deal.data.isOwn} />
          )}
        </div>
      ) : (
        <div className="mt-6 grid gap-4">
          <FormAlert tone={deal.data ? 'info' : 'error'}>
            {deal.data
              ? t('dealForm.notAllowedEdit')
              : deal.error instanceof ApiError && deal.error.code
                ? t(`errors.${deal.error.code}`)
                : t('dealForm.loadFailed')}
          </FormAlert>
          <Link to="/deals" className="font-medium text-brand-800 underline">
            {t('dealForm.browseDeals')}
          </Link>
        </div>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { isProfileTab, profileTabFor, type ProfileTab } from '@dealclub/shared/profile-rules';
import { isBuyerSide, isSellerSide, type Role } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { RequireSession } from '@/lib/session/require-session';
import type { SessionUser } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { useProfile } from '../api/profile';
import { BuyBoxTab } from '../components/buy-box-tab';
import { BuyerPreferencesTab } from '../components/buyer-preferences-tab';
import { CompanyTab } from '../components/company-tab';
import { IntegrationsTab } from '../components/integrations-tab';
import { PreferencesTab } from '../components/preferences-tab';
import { ProfileTab as ProfileTabPanel } from '../components/profile-tab';
import { SellerPreferencesTab } from '../components/seller-preferences-tab';

// The profile's texts come with the screen's code, not after its first render.
preloadLocaleSection('profile');

/**
 * The tabs a user has, in order. Buyer preferences and the buy box are the buyer side's (buyer,
 * owner, admin); seller preferences and integrations (the offer webhook) the seller side's.
 */
export function tabsFor(roles: readonly Role[]): ProfileTab[] {
  const tabs: ProfileTab[] = ['profile', 'settings'];
  if (isBuyerSide(roles)) tabs.push('preferences', 'buybox');
  if (isSellerSide(roles)) tabs.push('seller-preferences');
  tabs.push('company');
  if (isSellerSide(roles)) tabs.push('integrations');
  return tabs;
}

/** `/profile` with its tabs (`?tab=`); without a tab, or one the user lacks, the role's tab (shell §4). */
export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.profile'));
  return <RequireSession from="/profile">{(user) => <Profile user={user} />}</RequireSession>;
}

function Profile({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const textsReady = useLocaleSection('profile');
  const tabs = tabsFor(user.roles);
  const requested = params.get('tab');
  if (!isProfileTab(requested) || !tabs.includes(requested)) {
    const preferred = profileTabFor(user);
    return (
      <Navigate
        to={`/profile?tab=${tabs.includes(preferred) ? preferred : 'profile'}`}
        replace
        state={location.state}
      />
    );
  }

  if (!textsReady) return <PageFallback />;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t('profile.title')}</h1>
        {user.certifiedBuyer && <CertifiedBadge size="lg" />}
      </div>
      {!user.certifiedBuyer && isBuyerSide(user.roles) && (
        <p className="mt-3 text-slate-700">
          {t('certification.profileCta')}{' '}
          <Link to="/training" className="font-medium text-brand-800 underline">
            {t('certification.profileCtaLink')}
          </Link>
        </p>
      )}
      <nav aria-label={t('profile.tabsLabel')} className="mt-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex min-w-max gap-1">
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={`/profile?tab=${tab}`}
                state={location.state}
                aria-current={tab === requested ? 'page' : undefined}
                className={`-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 font-medium ${
                  tab === requested
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-ink'
                }`}
              >
                {t(`profile.tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <TabPanel tab={requested} />
      </div>
    </section>
  );
}

function TabPanel({ tab }: { tab: ProfileTab }): ReactNode {
  const profile = useProfile();
  switch (tab) {
    case 'settings':
      return <PreferencesTab />;
    case 'preferences':
      return <BuyerPreferencesTab />;
    case 'buybox':
      return <BuyBoxTab />;
    case 'seller-preferences':
      return <SellerPreferencesTab />;
    case 'company':
      return <CompanyTab />;
    case 'integrations':
      return <IntegrationsTab />;
    default:
      return profile.data ? <ProfileTabPanel profile={profile.data} /> : <PageFallback />;
  }
}

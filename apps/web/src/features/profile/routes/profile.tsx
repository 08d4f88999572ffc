import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { isProfileTab, profileTabFor, type ProfileTab } from '@dealclub/shared/profile-rules';
import { isBuyerSide, isSellerSide, type Role } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { retryableLazy } from '@/components/ui/confirm-dialog';
import { RetryablePart } from '@/components/ui/retryable-part';
import { RequireSession } from '@/lib/session/require-session';
import type { SessionUser } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { useProfile, type Profile as SavedProfile } from '../api/profile';

// The profile's texts come with the screen's code, not after its first render.
preloadLocaleSection('profile');

/**
 * Each tab's code, loaded when the tab is shown (or its link is pointed at): a first visit opens one
 * tab, and the others' forms, schemas and texts are not part of it (issue 32's script budget).
 */
const TAB_CODE = {
  profile: async () => ({ default: (await import('../components/profile-tab')).ProfileTab }),
  settings: async () => ({ default: (await import('../components/preferences-tab')).PreferencesTab }),
  preferences: async () => ({
    default: (await import('../components/buyer-preferences-tab')).BuyerPreferencesTab,
  }),
  buybox: async () => ({ default: (await import('../components/buy-box-tab')).BuyBoxTab }),
  'seller-preferences': async () => ({
    default: (await import('../components/seller-preferences-tab')).SellerPreferencesTab,
  }),
  company: async () => ({ default: (await import('../components/company-tab')).CompanyTab }),
  integrations: async () => ({ default: (await import('../components/integrations-tab')).IntegrationsTab }),
} satisfies Record<ProfileTab, unknown>;

const ProfileTabPanel = retryableLazy<{ profile: SavedProfile }>(TAB_CODE.profile);
const TAB_PANELS = {
  settings: retryableLazy(TAB_CODE.settings),
  preferences: retryableLazy(TAB_CODE.preferences),
  buybox: retryableLazy(TAB_CODE.buybox),
  'seller-preferences': retryableLazy(TAB_CODE['seller-preferences']),
  company: retryableLazy(TAB_CODE.company),
  integrations: retryableLazy(TAB_CODE.integrations),
};

/** Starts downloading a tab's code (a failure is left to the tab's own load to say). */
const prefetchTab = (tab: ProfileTab) => void TAB_CODE[tab]().catch(() => undefined);

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
  const shown = isProfileTab(requested) && tabs.includes(requested) ? requested : null;
  // The shown tab's code downloads beside the screen's texts, not after them.
  useEffect(() => {
    if (shown) prefetchTab(shown);
  }, [shown]);
  if (!shown) {
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
                onPointerEnter={() => prefetchTab(tab)}
                onFocus={() => prefetchTab(tab)}
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
        <TabPanel key={shown} tab={shown} />
      </div>
    </section>
  );
}

function TabPanel({ tab }: { tab: ProfileTab }): ReactNode {
  const profile = useProfile();
  if (tab !== 'profile') {
    const Panel = TAB_PANELS[tab];
    return (
      <RetryablePart retry={Panel.retry}>
        <Panel />
      </RetryablePart>
    );
  }
  return profile.data ? (
    <RetryablePart retry={ProfileTabPanel.retry}>
      <ProfileTabPanel profile={profile.data} />
    </RetryablePart>
  ) : (
    <PageFallback />
  );
}

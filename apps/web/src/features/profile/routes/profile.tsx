import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { profileTabFor, type ProfileTab } from '@dealclub/shared/profile';
import { PageFallback } from '@/components/layout/page-fallback';
import { useSession } from '@/features/auth/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useProfile } from '../api/profile';
import { ProfileTab as ProfileTabPanel } from '../components/profile-tab';

/** The tabs built so far; the profile issue adds preferences, buy box, company and integrations. */
const TABS: ProfileTab[] = ['profile'];

/** `/profile` with its tabs (`?tab=`); without a tab, the role's tab (shell §4). */
export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.profile'));
  const session = useSession();
  const [params] = useSearchParams();
  const profile = useProfile();

  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') return <Navigate to="/auth" replace state={{ from: '/profile' }} />;

  const requested = params.get('tab') as ProfileTab | null;
  if (!requested || !TABS.includes(requested)) {
    const preferred = profileTabFor(session.user);
    return <Navigate to={`/profile?tab=${TABS.includes(preferred) ? preferred : 'profile'}`} replace />;
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('profile.title')}</h1>
      <nav aria-label={t('profile.tabsLabel')} className="mt-6 flex gap-2 border-b border-slate-200">
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={`/profile?tab=${tab}`}
            aria-current={tab === requested ? 'page' : undefined}
            className="-mb-px border-b-2 border-brand-700 px-3 py-2 font-medium text-brand-800"
          >
            {t(`profile.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-8">
        {profile.data ? <ProfileTabPanel profile={profile.data} /> : <PageFallback />}
      </div>
    </section>
  );
}

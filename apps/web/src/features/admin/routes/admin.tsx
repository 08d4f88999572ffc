import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { retryableLazy } from '@/components/ui/confirm-dialog';
import { RetryablePart } from '@/components/ui/retryable-part';
import { RequireSession } from '@/lib/session/require-session';
import { usePageTitle } from '@/hooks/use-page-title';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { MailboxTable, UsersTable, WaitlistTable } from '../components/admin-tables';

// The admin's texts come with the screen's code, not after its first render.
preloadLocaleSection('admin');

// The mortgage statements to verify, with the deal form's texts they name the loan's fields in:
// loaded when the tab opens, like the other features' tabs. A failed download says so, with Try
// again, and leaves the rest of the screen as it was.
const VerificationsTab = retryableLazy(async () => ({
  default: (await import('../components/verifications-tab')).VerificationsTab,
}));

const TABS = ['users', 'waitlist', 'mailbox', 'verifications', 'feedback', 'help', 'roadmap'] as const;
type Tab = (typeof TABS)[number];

/** The tabs other features own (the feedback inbox, the help centre's and the roadmap's editors). */
export type AdminTabs = Record<'feedback' | 'help' | 'roadmap', ComponentType>;

/**
 * `/admin`: users (search, roles, deactivate), the waitlist, the mailbox of outgoing e-mail, the
 * mortgage statements to verify, the help centre's articles and Q&A and the feature roadmap. The tab is in the URL
 * (`?tab=`), so that each can be linked. The tabs of other features come from the app's route
 * (app/routes/admin.tsx).
 */
export default function AdminPage({ tabs }: { tabs: AdminTabs }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.admin'));
  return (
    <RequireSession from="/admin">
      {(user) =>
        user.roles.includes('admin') ? <Admin tabs={tabs} /> : <Navigate to="/unauthorized" replace />
      }
    </RequireSession>
  );
}

function Admin({ tabs: { help: HelpTab, roadmap: RoadmapTab, feedback: FeedbackTab } }: { tabs: AdminTabs }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'users';
  const textsReady = useLocaleSection('admin');
  if (!textsReady) return <PageFallback />;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('admin.title')}</h1>
      <nav
        aria-label={t('admin.tabsLabel')}
        className="mt-6 flex flex-wrap gap-x-2 border-b border-slate-200"
      >
        {TABS.map((x) => (
          <Link
            key={x}
            to={`/admin?tab=${x}`}
            aria-current={x === tab ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 font-medium ${x === tab ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700'}`}
          >
            {t(`admin.tabs.${x}`)}
          </Link>
        ))}
        <Link
          to="/admin/training"
          className="-mb-px ml-auto border-b-2 border-transparent px-3 py-2 font-medium text-brand-800 underline"
        >
          {/* The page's own title: the training texts are not loaded on this page. */}
          {t('pages.adminTraining')}
        </Link>
      </nav>
      <div className="mt-8">
        {tab === 'users' && <UsersTable />}
        {tab === 'waitlist' && <WaitlistTable />}
        {tab === 'mailbox' && <MailboxTable />}
        {tab === 'verifications' && (
          <RetryablePart retry={VerificationsTab.retry}>
            <VerificationsTab />
          </RetryablePart>
        )}
        {tab === 'help' && (
          <Suspense fallback={<PageFallback />}>
            <HelpTab />
          </Suspense>
        )}
        {tab === 'roadmap' && (
          <Suspense fallback={<PageFallback />}>
            <RoadmapTab />
          </Suspense>
        )}
        {tab === 'feedback' && (
          <Suspense fallback={<PageFallback />}>
            <FeedbackTab />
          </Suspense>
        )}
      </div>
    </section>
  );
}

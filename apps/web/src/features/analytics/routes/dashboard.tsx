import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMode } from '@dealclub/shared/analytics';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { RequireSession } from '@/lib/session/require-session';
import type { SessionUser } from '@/lib/session/session-context';
import { currentToken } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/query-client';
import { dashboardOptions, useDashboard } from '../api/dashboard';
import { BuyingMode } from '../components/dashboard-buying';
import { rememberDashboardMode, storedDashboardMode } from '../components/dashboard-mode';
import { SellingMode } from '../components/dashboard-selling';

/** The screen's read, started as soon as its code has come (app/router.tsx), beside the session check. */
export const prefetch: ScreenPrefetch = (client) => {
  if (currentToken()) void client.prefetchQuery(dashboardOptions());
};

/**
 * `/dashboard` (DECISIONS.md, Pages the spec lists without content): the buying mode (favorites, my
 * interests, my offers and their state, matched deals, training progress) and the selling mode (my
 * listings by status with their counts, the latest offers), as the user's roles allow. A user with
 * both switches between them; the choice is remembered in this browser (components/dashboard-mode.ts).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.dashboard'));
  const textsReady = useLocaleSection('dashboard');
  return (
    <RequireSession>
      {(user) => (textsReady ? <DashboardScreen user={user} /> : <PageFallback />)}
    </RequireSession>
  );
}

function DashboardScreen({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  // The lists are drawn in a render React may interrupt (a transition), not in one long task when
  // the answer comes (issue 32's blocking time).
  const data = useDeferredValue(dashboard.data);
  const [chosen, setChosen] = useState<DashboardMode | null>(null);
  const modes = dashboard.data?.modes ?? [];
  const mode = chosen && modes.includes(chosen) ? chosen : storedDashboardMode(user.userId, modes);

  const choose = (next: DashboardMode) => {
    setChosen(next);
    rememberDashboardMode(user.userId, next);
  };

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.title')}</h1>
          <p className="text-slate-700">{t('dashboard.greeting', { name: user.firstName })}</p>
        </div>
        {modes.length > 1 && mode && <ModeSwitch modes={modes} mode={mode} onChange={choose} />}
      </div>
      {dashboard.isPending || (dashboard.data && !data) ? (
        <PageFallback />
      ) : !data ? (
        <LoadFailed message={t('dashboard.loadFailed')} onRetry={() => void dashboard.refetch()} />
      ) : mode === 'buying' && data.buying ? (
        <BuyingMode data={data.buying} />
      ) : mode === 'selling' && data.selling ? (
        <SellingMode data={data.selling} />
      ) : (
        <p className="text-slate-700">{t('dashboard.noMode')}</p>
      )}
    </section>
  );
}

/** The buying / selling switch: a pair of toggle buttons, the current one pressed. */
function ModeSwitch({
  modes,
  mode,
  onChange,
}: {
  modes: DashboardMode[];
  mode: DashboardMode;
  onChange: (mode: DashboardMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('dashboard.modeLabel')}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
    >
      {modes.map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={m === mode}
          onClick={() => onChange(m)}
          className={`h-10 rounded-md px-4 font-semibold ${
            m === mode ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
          }`}
        >
          {t(`dashboard.mode.${m}`)}
        </button>
      ))}
    </div>
  );
}

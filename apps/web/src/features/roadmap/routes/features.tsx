import { ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoadmapItem } from '@dealclub/shared/roadmap';
import { ROADMAP_STATUSES, type RoadmapStatus } from '@dealclub/shared/roadmap-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { toast } from '@/components/ui/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import { useSession } from '@/lib/session/session-context';
import { useRoadmap, useRoadmapVote } from '../api/roadmap';

/**
 * `/features` (public): the feature roadmap by status (planned, in progress, done), each item with
 * its vote count. Signed in, a reader votes once per item and can take the vote back; signed out,
 * they read, with a link to sign in where the vote button would be.
 */
export default function FeaturesPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.features'));
  const textsReady = useLocaleSection('roadmap');
  if (!textsReady) return <PageFallback />;
  return <Roadmap />;
}

function Roadmap() {
  const { t } = useTranslation();
  const roadmap = useRoadmap();
  const signedIn = useSession().status === 'authenticated';
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('roadmap.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('roadmap.lead')}</p>
      {!signedIn && roadmap.data && (
        <p className="mt-4 text-slate-800">
          <Link to="/auth" state={{ from: '/features' }} className="font-medium text-brand-800 underline">
            {t('roadmap.signInToVote')}
          </Link>
        </p>
      )}
      <div className="mt-8">
        {roadmap.isError && !roadmap.data ? (
          <LoadFailed message={t('roadmap.loadFailed')} onRetry={() => void roadmap.refetch()} />
        ) : !roadmap.data ? (
          <PageFallback />
        ) : (
          <div className="grid gap-10 lg:grid-cols-3 lg:gap-6">
            {ROADMAP_STATUSES.map((status) => (
              <StatusColumn
                key={status}
                status={status}
                items={roadmap.data.items.filter((i) => i.status === status)}
                signedIn={signedIn}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function StatusColumn({
  status,
  items,
  signedIn,
}: {
  status: RoadmapStatus;
  items: RoadmapItem[];
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `roadmap-${status}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t(`roadmap.status.${status}`)}{' '}
        <span className="text-base font-normal text-slate-700">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('roadmap.emptyStatus')}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {items.map((item) => (
            <RoadmapCard key={item.id} item={item} signedIn={signedIn} />
          ))}
        </ul>
      )}
    </section>
  );
}

const voteButton =
  'inline-flex h-11 items-center gap-2 rounded-md border px-4 font-medium disabled:opacity-70';
const pressedStyle = 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800';
const releasedStyle = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';

function RoadmapCard({ item, signedIn }: { item: RoadmapItem; signedIn: boolean }) {
  const { t } = useTranslation();
  const vote = useRoadmapVote();
  const toggle = () =>
    vote.mutate(
      { id: item.id, voted: !item.votedByMe },
      {
        onError: (error) =>
          toast({ title: codedErrorText(t, error, 'roadmap.voteFailed'), variant: 'destructive' }),
      },
    );
  const titleId = `roadmap-item-${item.id}`;
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <h3 id={titleId} className="text-lg font-semibold">
        {item.title}
      </h3>
      <p className="whitespace-pre-line text-slate-700">{item.description}</p>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-slate-800" data-testid="vote-count">
          {t('roadmap.votes', { count: item.votes })}
        </p>
        {signedIn && (
          <button
            type="button"
            aria-pressed={item.votedByMe}
            aria-describedby={titleId}
            disabled={vote.isPending}
            onClick={toggle}
            className={`${voteButton} ${item.votedByMe ? pressedStyle : releasedStyle}`}
          >
            <ThumbsUp aria-hidden className="size-4" />
            {t('roadmap.vote')}
          </button>
        )}
        {item.votedByMe && <span className="text-sm text-brand-800">{t('roadmap.youVoted')}</span>}
      </div>
    </li>
  );
}

/**
 * The admin panel's Feedback tab (`/admin?tab=feedback`, core §6 Manage feedback): the feedback by
 * status (open, in progress, resolved), type and source, newest first; at `&item=<id>` one item
 * with its comment, page, sender and screenshot, and its status changed with a note (resolving
 * e-mails the sender when an address is known). Filters and the open item are in the URL. Loaded
 * with its texts only when the tab is opened.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  FEEDBACK_NOTE_MAX,
  FEEDBACK_SOURCES,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type AdminFeedback,
  type FeedbackStatus,
} from '@dealclub/shared/feedback';
import { PageFallback } from '@/components/layout/page-fallback';
import { SelectField, TextAreaField } from '@/components/ui/choice-fields';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { toast } from '@/components/ui/use-toast';
import { formatMoment } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import {
  fetchScreenshot,
  useAdminFeedback,
  useAdminFeedbackList,
  useChangeFeedbackStatus,
  type FeedbackFilters,
} from '../api/feedback';
import { useSearchParamsChange } from '@/hooks/use-search-params-change';

const FILTERS = {
  status: FEEDBACK_STATUSES,
  type: FEEDBACK_TYPES,
  source: FEEDBACK_SOURCES,
} as const;
type FilterName = keyof typeof FILTERS;
const FILTER_LABELS = { status: 'statuses', type: 'types', source: 'sources' } as const;

const secondary =
  'inline-flex h-11 items-center rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100';

const STATUS_STYLES: Record<FeedbackStatus, string> = {
  open: 'bg-amber-100 text-amber-950',
  in_progress: 'bg-sky-100 text-sky-950',
  resolved: 'bg-emerald-100 text-emerald-950',
};

export default function AdminFeedbackTab() {
  const textsReady = useLocaleSection('feedbackAdmin');
  if (!textsReady) return <PageFallback />;
  return <FeedbackAdmin />;
}

function filtersOf(params: URLSearchParams): FeedbackFilters {
  const pick = <K extends FilterName>(name: K) =>
    (FILTERS[name] as readonly string[]).find((v) => v === params.get(name)) as
      (typeof FILTERS)[K][number] | undefined;
  return { status: pick('status'), type: pick('type'), source: pick('source') };
}

function FeedbackAdmin() {
  const [params] = useSearchParams();
  const item = params.get('item');
  return item ? <ItemView key={item} id={item} /> : <ListView filters={filtersOf(params)} />;
}

function StatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="feedback-status"
      className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_STYLES[status]}`}
    >
      {t(`feedbackAdmin.statuses.${status}`)}
    </span>
  );
}

function ListView({ filters }: { filters: FeedbackFilters }) {
  const { t, i18n } = useTranslation();
  const [params, change] = useSearchParamsChange();
  const list = useAdminFeedbackList(filters);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const setFilter = (name: FilterName, value: string) =>
    change((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('item', id);
    return `/admin?${next.toString()}`;
  };
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">{t('feedbackAdmin.title', { count: total })}</h2>
      <form
        role="search"
        aria-label={t('feedbackAdmin.filters')}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap gap-4"
      >
        {(Object.keys(FILTERS) as FilterName[]).map((name) => (
          <SelectField
            key={name}
            id={`feedback-filter-${name}`}
            label={t(`feedbackAdmin.${name}`)}
            value={filters[name] ?? ''}
            onChange={(e) => setFilter(name, e.target.value)}
            placeholder={t('feedbackAdmin.all')}
            options={FILTERS[name].map((value) => ({
              value,
              label: t(`feedbackAdmin.${FILTER_LABELS[name]}.${value}`),
            }))}
            className="min-w-44"
          />
        ))}
      </form>
      {list.isPending ? (
        <PageFallback />
      ) : list.isError && !list.data ? (
        <LoadFailed message={t('feedbackAdmin.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-slate-700">{t('feedbackAdmin.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
              data-testid="feedback-item"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <StatusBadge status={item.status} />
                <span className="font-semibold text-ink">{t(`feedbackAdmin.types.${item.type}`)}</span>
                <span>· {t(`feedbackAdmin.sources.${item.source}`)}</span>
                <span>· {formatMoment(item.createdAt, i18n.language)}</span>
              </div>
              <p className="line-clamp-2 whitespace-pre-line">{item.comment}</p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-slate-700">{senderText(t, item)}</p>
                <Link
                  to={linkTo(item.id)}
                  className={`${secondary} underline`}
                  aria-label={t('feedbackAdmin.viewItem', {
                    date: formatMoment(item.createdAt, i18n.language),
                  })}
                >
                  {t('feedbackAdmin.view')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className={`${secondary} justify-self-start`}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('feedbackAdmin.loadMore')}
        </button>
      )}
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function senderText(t: T, item: AdminFeedback): string {
  const address = item.senderEmail ?? t('feedbackAdmin.noAddress');
  if (item.senderName) return `${item.senderName} (${address})`;
  return item.userId ? address : `${t('feedbackAdmin.anonymous')} (${address})`;
}

function ItemView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const item = useAdminFeedback(id);
  const back = new URLSearchParams(params);
  back.delete('item');
  const backLink = (
    <Link to={`/admin?${back.toString()}`} className={`${secondary} justify-self-start underline`}>
      {t('feedbackAdmin.backToList')}
    </Link>
  );
  if (item.isPending) return <PageFallback />;
  if (item.isError) {
    return (
      <div className="grid gap-4">
        <FormAlert>{codedErrorText(t, item.error, 'feedbackAdmin.loadFailed')}</FormAlert>
        {backLink}
      </div>
    );
  }
  const feedback = item.data;
  return (
    <article aria-labelledby="feedback-item-title" className="grid gap-6">
      {backLink}
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="feedback-item-title" className="text-2xl font-semibold">
          {t('feedbackAdmin.itemTitle')}: {t(`feedbackAdmin.types.${feedback.type}`)}
        </h2>
        <StatusBadge status={feedback.status} />
      </div>
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.comment')}</dt>
        <dd className="whitespace-pre-line">{feedback.comment}</dd>
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.source')}</dt>
        <dd>{t(`feedbackAdmin.sources.${feedback.source}`)}</dd>
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.page')}</dt>
        <dd className="break-all">{feedback.page ?? '—'}</dd>
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.sender')}</dt>
        <dd>{senderText(t, feedback)}</dd>
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.sent')}</dt>
        <dd>{formatMoment(feedback.createdAt, i18n.language)}</dd>
        {feedback.statusNote && (
          <>
            <dt className="font-medium text-slate-700">{t('feedbackAdmin.currentNote')}</dt>
            <dd className="whitespace-pre-line">{feedback.statusNote}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">{t('feedbackAdmin.screenshot')}</dt>
        <dd>
          {feedback.screenshotUrl ? (
            <Screenshot url={feedback.screenshotUrl} />
          ) : (
            t('feedbackAdmin.noScreenshot')
          )}
        </dd>
      </dl>
      <StatusForm feedback={feedback} />
    </article>
  );
}

/** The screenshot, fetched with the token, shown from an object URL. */
function Screenshot({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchScreenshot(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <FormAlert>{t('feedbackAdmin.screenshotFailed')}</FormAlert>;
  if (!src) return <p className="text-slate-700">{t('feedbackAdmin.screenshotLoading')}</p>;
  return (
    <img
      src={src}
      alt={t('feedbackAdmin.screenshotAlt')}
      className="max-h-[32rem] max-w-full rounded-md border border-slate-200"
    />
  );
}

function StatusForm({ feedback }: { feedback: AdminFeedback }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<FeedbackStatus>(feedback.status);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangeFeedbackStatus();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const text = note.trim();
    change.mutate(
      { id: feedback.id, status, note: text || null },
      {
        onSuccess: () => {
          setNote('');
          toast({ title: t('feedbackAdmin.saved') });
        },
        onError: (error) => setFailure(codedErrorText(t, error, 'feedbackAdmin.actionFailed')),
      },
    );
  };
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id={headingId} className="text-xl font-semibold">
        {t('feedbackAdmin.changeStatus')}
      </h3>
      {failure && <FormAlert>{failure}</FormAlert>}
      <SelectField
        label={t('feedbackAdmin.newStatus')}
        value={status}
        onChange={(e) => setStatus(e.target.value as FeedbackStatus)}
        options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedbackAdmin.statuses.${s}`) }))}
        className="max-w-xs"
      />
      <TextAreaField
        label={t('feedbackAdmin.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={FEEDBACK_NOTE_MAX}
        length={note.length}
        hint={<p className="text-sm text-slate-700">{t('feedbackAdmin.noteHint')}</p>}
      />
      <div>
        <button
          type="submit"
          disabled={change.isPending}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {change.isPending ? t('feedbackAdmin.saving') : t('feedbackAdmin.save')}
        </button>
      </div>
    </form>
  );
}

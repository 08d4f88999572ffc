import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpCategory, HelpKind } from '@dealclub/shared/help-rules';
import { LoadFailed } from '@/components/ui/load-failed';
import { helpItemPath, useHelpList, type HelpListEntry } from '../api/help';
import { HighlightedText } from './highlighted-text';

type ListQuery = ReturnType<typeof useHelpList>;

const entriesOf = (list: ListQuery) => list.data?.pages.flatMap((p) => p.items) ?? [];
const totalOf = (list: ListQuery) => list.data?.pages[0]?.total ?? 0;

/**
 * The articles and the Q&A that match `q` (best first, matches highlighted) or, without a search,
 * those of `category`. The last results stay while the next ones load, so the list does not
 * flicker as the reader types; a status line tells screen readers what was found.
 */
export function HelpResults({ q, category }: { q: string; category: HelpCategory | null }) {
  const { t } = useTranslation();
  const articles = useHelpList('article', { q, category });
  const questions = useHelpList('qa', { q, category });
  const lists = [articles, questions];

  if (lists.some((l) => l.isPending)) {
    return (
      <p role="status" className="text-slate-700">
        {q ? t('help.search.searching') : t('app.loading')}
      </p>
    );
  }
  if (lists.some((l) => l.isError && !l.data)) {
    return (
      <LoadFailed
        message={t(q ? 'help.search.failed' : 'help.loadFailed')}
        onRetry={() => lists.forEach((l) => l.isError && void l.refetch())}
      />
    );
  }
  const total = totalOf(articles) + totalOf(questions);
  // Results of the previous search stay on screen until the new ones arrive.
  const updating = lists.some((l) => l.isPlaceholderData);
  return (
    <div className="grid gap-8" aria-busy={updating || undefined}>
      <p role="status" className={q ? 'font-medium text-slate-800' : 'sr-only'}>
        {updating
          ? t('help.search.searching')
          : q
            ? t('help.search.summary', { count: total, query: q })
            : t('help.itemsInCategory', { count: total })}
      </p>
      {total === 0 ? (
        <div className="grid gap-2 rounded-xl border border-slate-200 bg-white p-5">
          <p className="font-semibold">
            {q ? t('help.search.noResults', { query: q }) : t('help.emptyCategory')}
          </p>
          {q && <p className="text-slate-700">{t('help.search.noResultsHint')}</p>}
          <Link to="/help" className="w-fit font-medium text-brand-800 underline">
            {t('help.allCategories')}
          </Link>
        </div>
      ) : (
        <>
          <ResultList kind="article" list={articles} />
          <ResultList kind="qa" list={questions} />
        </>
      )}
    </div>
  );
}

function ResultList({ kind, list }: { kind: HelpKind; list: ListQuery }) {
  const { t } = useTranslation();
  const entries = entriesOf(list);
  if (entries.length === 0) return null;
  const headingId = `help-results-${kind}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t(kind === 'article' ? 'help.articlesHeading' : 'help.questionsHeading', { total: totalOf(list) })}
      </h2>
      <ul className="grid gap-3">
        {entries.map((entry) => (
          <ResultItem key={entry.id} entry={entry} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          className="h-11 w-fit rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-70"
        >
          {list.isFetchingNextPage ? t('app.loading') : t('help.showMore')}
        </button>
      )}
    </section>
  );
}

function ResultItem({ entry }: { entry: HelpListEntry }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <Link
        to={helpItemPath(entry.kind, entry.slug)}
        className="text-lg font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        <HighlightedText snippet={entry.title} />
      </Link>
      {entry.snippet.text && (
        <p className="mt-1 text-slate-700">
          <HighlightedText snippet={entry.snippet} />
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{t(`help.categories.${entry.category}`)}</p>
    </li>
  );
}

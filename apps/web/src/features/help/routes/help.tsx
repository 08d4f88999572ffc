import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HELP_CATEGORIES, HELP_QUERY_MAX, type HelpCategory } from '@dealclub/shared/help-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { useHelpCategories } from '../api/help';
import { HelpResults } from '../components/help-results';

/** How long the search box waits for a pause in the typing before it searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * `/help` (shell §6, public): the help centre. A search box that searches articles and Q&A in the
 * reader's language as they type, with the matches highlighted; without a search, the categories,
 * and at `?category=` the items of one. The search and the category are in the URL, so a search
 * can be linked and Back returns to it.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.help'));
  const textsReady = useLocaleSection('help');
  if (!textsReady) return <PageFallback />;
  return <HelpCentre />;
}

function HelpCentre() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const category = HELP_CATEGORIES.find((c) => c === params.get('category')) ?? null;
  const [typed, setTyped] = useState(q);
  /** The search this box last put in the URL. */
  const [written, setWritten] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL changed under the box (Back, a link to the categories), not by its own search: the box
  // shows the URL's search. Its own search may arrive while the reader types on: that stays.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (q !== written) {
      setWritten(q);
      setTyped(q);
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  // Typing replaces the entry (it is not a step to go Back to).
  const search = (value: string) => {
    setWritten(value.trim());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set('q', value.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const onChange = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(value), SEARCH_DELAY_MS);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    search(typed);
  };

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('help.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('help.lead')}</p>
      <form role="search" onSubmit={onSubmit} className="mt-6 grid max-w-3xl gap-1.5">
        <label htmlFor="help-search" className="font-medium text-slate-800">
          {t('help.search.label')}
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-3.5 left-3 size-5 text-slate-600" />
          <input
            id="help-search"
            type="search"
            value={typed}
            onChange={(e) => onChange(e.target.value)}
            maxLength={HELP_QUERY_MAX}
            placeholder={t('help.search.placeholder')}
            aria-describedby="help-search-hint"
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 w-full rounded-md border border-slate-300 bg-white pr-3 pl-10 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <p id="help-search-hint" className="text-sm text-slate-600">
          {t('help.search.hint')}
        </p>
      </form>

      <div className="mt-8">{q || category ? <Browse q={q} category={category} /> : <Categories />}</div>
    </section>
  );
}

/** A search (within a category when one is chosen), or a category's items. */
function Browse({ q, category }: { q: string; category: HelpCategory | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const withoutCategory = new URLSearchParams(params);
  withoutCategory.delete('category');
  const allCategories = withoutCategory.size ? `/help?${withoutCategory}` : '/help';
  return (
    <div className="grid gap-6">
      {category && (
        <div className="grid gap-1">
          <h2 className="text-2xl font-semibold">{t(`help.categories.${category}`)}</h2>
          <Link to={allCategories} className="w-fit font-medium text-brand-800 underline">
            {q ? t('help.search.everyCategory') : t('help.allCategories')}
          </Link>
        </div>
      )}
      <HelpResults q={q} category={category} />
    </div>
  );
}

/** The categories to browse, each with how many articles and questions it holds. */
function Categories() {
  const { t } = useTranslation();
  const categories = useHelpCategories();
  if (categories.isPending) return <PageFallback />;
  if (categories.isError && !categories.data) {
    return <LoadFailed message={t('help.loadFailed')} onRetry={() => void categories.refetch()} />;
  }
  const shown = categories.data.items.filter((c) => c.articles + c.questions > 0);
  return (
    <section aria-labelledby="help-categories-title">
      <h2 id="help-categories-title" className="text-2xl font-semibold">
        {t('help.browse')}
      </h2>
      {shown.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('help.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {shown.map((c) => (
            <li key={c.key}>
              <Link
                to={`/help?category=${c.key}`}
                className="grid h-full gap-1 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-700 hover:bg-brand-50"
              >
                <span className="text-lg font-semibold text-brand-800">{t(`help.categories.${c.key}`)}</span>
                <span className="text-sm text-slate-700">
                  {[
                    c.articles > 0 && t('help.articleCount', { count: c.articles }),
                    c.questions > 0 && t('help.questionCount', { count: c.questions }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

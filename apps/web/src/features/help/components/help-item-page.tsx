import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { HelpKind } from '@dealclub/shared/help-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { MarkdownView } from '@/components/ui/markdown';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { usePageTitle } from '@/hooks/use-page-title';
import { isNotFound } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import { useHelpItem, type HelpPageItem } from '../api/help';
import { HelpfulVote } from './helpful-vote';

const PAGE_NAME = { article: 'pages.helpArticle', qa: 'pages.helpQa' } as const;

/**
 * An article (`/help/article/{id}`) or a Q&A (`/help/qa/{id}`, `/help-qa/{id}`) by id or slug, in
 * the reader's language: its Markdown rendered without raw HTML, and 'Was this helpful?'. Public;
 * an unknown or unpublished item is the app's not-found page.
 */
export function HelpItemPage({ kind }: { kind: HelpKind }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const item = useHelpItem(kind, id);
  const textsReady = useLocaleSection('help');
  const missing = !item.data && isNotFound(item.error);
  usePageTitle(missing ? t('pages.notFound') : (item.data?.title ?? t(PAGE_NAME[kind])));

  if (missing) return <NotFoundPage />;
  if (!textsReady || (!item.data && !item.isError)) return <PageFallback />;
  if (!item.data) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t(PAGE_NAME[kind])}</h1>
        <div className="mt-6">
          <LoadFailed message={t('help.loadFailed')} onRetry={() => void item.refetch()} />
        </div>
      </section>
    );
  }
  return <ItemView item={item.data} />;
}

function ItemView({ item }: { item: HelpPageItem }) {
  const { t, i18n } = useTranslation();
  const category = t(`help.categories.${item.category}`);
  return (
    <article lang={item.language} className="mx-auto w-full max-w-3xl px-4 py-10">
      <nav aria-label={t('help.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <li>
            <Link to="/help" className="font-medium text-brand-800 underline">
              {t('help.title')}
            </Link>
          </li>
          <li aria-hidden className="text-slate-600">
            /
          </li>
          <li>
            <Link to={`/help?category=${item.category}`} className="font-medium text-brand-800 underline">
              {category}
            </Link>
          </li>
        </ol>
      </nav>
      {item.kind === 'qa' && (
        <p className="mt-6 text-sm font-semibold text-brand-800">{t('help.questionLabel')}</p>
      )}
      <h1 className={`${item.kind === 'qa' ? 'mt-1' : 'mt-6'} text-3xl font-bold`}>{item.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t('help.updated', { date: formatDay(item.updatedAt, i18n.language) })}
      </p>
      <MarkdownView className="mt-4 text-ink" tree={item.bodyTree} />
      <HelpfulVote kind={item.kind} id={item.id} myVote={item.myVote} />
      <Link
        to="/help"
        className="mt-8 inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('help.backToHelp')}
      </Link>
    </article>
  );
}

/**
 * The help centre's public calls (docs/decisions/020-help-centre.md): categories, search and
 * browsing of articles and Q&A, one item's page with the reader's own vote, and 'Was this
 * helpful?'. Texts come in the app's language (`lang`). Signed out too; signed in, the token goes
 * along (lib/api-client.ts), so the vote read and written is the reader's own.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@dealclub/shared/constants';
import type {
  HelpArticle,
  HelpArticleSummary,
  HelpCategory,
  HelpCategorySummary,
  HelpKind,
  HelpList,
  HelpQa,
  HelpQaSummary,
  HelpSnippet,
} from '@dealclub/shared/help-rules';
import { apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { useSession } from '@/lib/session/session-context';

/** The API's path segment of each kind. */
export const KIND_PATH: Record<HelpKind, 'articles' | 'qa'> = { article: 'articles', qa: 'qa' };

/** An article or a Q&A in a list, with the question read as its title. */
export interface HelpListEntry {
  kind: HelpKind;
  id: string;
  slug: string;
  category: HelpCategory;
  title: HelpSnippet;
  snippet: HelpSnippet;
}

/** An article or a Q&A page, with the question as its title and the answer as its body. */
export interface HelpPageItem extends HelpArticle {
  kind: HelpKind;
}

/** The reader's page of an item: by slug, the same on every installation (ids are not). */
export const helpItemPath = (kind: HelpKind, slug: string) =>
  kind === 'article' ? `/help/article/${slug}` : `/help/qa/${slug}`;

const useLanguage = (): Language => (useTranslation().i18n.language === 'es' ? 'es' : 'en');

export const helpKeys = {
  all: ['help'] as const,
  categories: (language: Language) => ['help', 'categories', language] as const,
  list: (kind: HelpKind, language: Language, q: string, category: HelpCategory | null) =>
    ['help', 'list', kind, language, q, category] as const,
  item: (kind: HelpKind, idOrSlug: string, language: Language, voter: string) =>
    ['help', 'item', kind, idOrSlug, language, voter] as const,
};

export function useHelpCategories() {
  const language = useLanguage();
  return useQuery({
    queryKey: helpKeys.categories(language),
    queryFn: ({ signal }) =>
      apiRequest<HelpList<HelpCategorySummary>>('/api/help/categories', {
        query: { lang: language },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const toEntry = (kind: HelpKind, item: HelpArticleSummary | HelpQaSummary): HelpListEntry => ({
  kind,
  id: item.id,
  slug: item.slug,
  category: item.category,
  title: 'title' in item ? item.title : item.question,
  snippet: item.snippet,
});

/**
 * Published items of one kind in the reader's language: those matching `q` (best first, with
 * highlights) or, without, in the help centre's order; within `category` when given. The last
 * results stay on screen while the next ones load (search as you type).
 */
export function useHelpList(kind: HelpKind, { q, category }: { q: string; category: HelpCategory | null }) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: helpKeys.list(kind, language, q, category),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest<HelpList<HelpArticleSummary | HelpQaSummary>>(
        `/api/help/${KIND_PATH[kind]}`,
        { query: { q: q || undefined, category, lang: language, cursor: pageParam }, signal },
      );
      return { ...page, items: page.items.map((item) => toEntry(kind, item)) };
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** Who the reader votes as: their account, or the signed-out reader of this browser. */
function useVoter(): { voter: string; settled: boolean } {
  const session = useSession();
  return { voter: session.user?.userId ?? 'signed-out', settled: session.status !== 'loading' };
}

/**
 * A published item by id or slug in the reader's language, with their own vote. Read once the
 * session is known, so that the vote shown is the one of the reader who sees it.
 */
export function useHelpItem(kind: HelpKind, idOrSlug: string) {
  const language = useLanguage();
  const { voter, settled } = useVoter();
  return useQuery({
    queryKey: helpKeys.item(kind, idOrSlug, language, voter),
    queryFn: async ({ signal }): Promise<HelpPageItem> => {
      const page = await apiRequest<HelpArticle | HelpQa>(`/api/help/${KIND_PATH[kind]}/${idOrSlug}`, {
        query: { lang: language },
        signal,
      });
      const { title, body, bodyTree } =
        'title' in page
          ? { title: page.title, body: page.body, bodyTree: page.bodyTree }
          : { title: page.question, body: page.answer, bodyTree: page.answerTree };
      return {
        kind,
        id: page.id,
        slug: page.slug,
        category: page.category,
        title,
        body,
        bodyTree,
        updatedAt: page.updatedAt,
        myVote: page.myVote,
        language: page.language,
      };
    },
    enabled: settled,
    // The same item in the other language keeps the page (and its vote) until it arrives; another
    // item never stands in for the one asked for.
    placeholderData: (previous) =>
      previous && (previous.id === idOrSlug || previous.slug === idOrSlug) ? previous : undefined,
    retry: retryUnlessClientError,
  });
}

/** 'Was this helpful?': the reader's answer, changeable; the page shows it at once. */
export function useHelpfulVote(kind: HelpKind, id: string) {
  const client = useQueryClient();
  const { voter } = useVoter();
  return useMutation({
    mutationFn: (helpful: boolean) =>
      apiRequest<{ myVote: boolean }>(`/api/help/${KIND_PATH[kind]}/${id}/helpful`, {
        method: 'POST',
        data: { helpful },
      }),
    onSuccess: ({ myVote }) => {
      // The item is cached under the id or slug it was opened by, in each language read: this
      // reader's copies all show the new answer.
      client.setQueriesData<HelpPageItem>(
        { queryKey: ['help', 'item', kind], predicate: (query) => query.queryKey[5] === voter },
        (item) => (item && item.id === id ? { ...item, myVote } : item),
      );
    },
  });
}

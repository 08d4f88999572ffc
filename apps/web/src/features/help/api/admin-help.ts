/**
 * The admin's calls of the help centre (`/api/help/admin/…`, admins only, reading included):
 * every article or Q&A with drafts and readers' votes, and create / replace / delete. Articles and
 * Q&A are one shape here, a Q&A's question read as its title and its answer as its body, so one
 * list and one editor serve both.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import type {
  AdminHelpArticle,
  AdminHelpQa,
  HelpBilingual,
  HelpCategory,
  HelpKind,
} from '@dealclub/shared/help-rules';
import { apiRequest } from '@/lib/api-client';
import { KIND_PATH } from './help';

/** An article or a Q&A as the admin edits it: the shared package's article, with its kind. */
export interface AdminHelpItem extends Omit<AdminHelpArticle, 'createdAt' | 'updatedBy'> {
  kind: HelpKind;
}

/** What the editor saves: the whole item, as `POST` and `PUT` take it (in the kind's field names). */
export interface HelpItemInput {
  slug?: string;
  category: HelpCategory;
  position?: number;
  title: HelpBilingual;
  body: HelpBilingual;
  published: boolean;
}

/** The field of the API's body for the editor's `title` and `body` (a Q&A's question and answer). */
export const KIND_FIELDS: Record<HelpKind, { title: string; body: string }> = {
  article: { title: 'title', body: 'body' },
  qa: { title: 'question', body: 'answer' },
};

function fromApi(kind: HelpKind, item: AdminHelpArticle | AdminHelpQa): AdminHelpItem {
  const { title, body } =
    'title' in item ? { title: item.title, body: item.body } : { title: item.question, body: item.answer };
  return {
    kind,
    id: item.id,
    slug: item.slug,
    category: item.category,
    position: item.position,
    published: item.published,
    title,
    body,
    votes: item.votes,
    updatedAt: item.updatedAt,
  };
}

/** The API's body for `input`. */
export function toApi(kind: HelpKind, { title, body, ...rest }: HelpItemInput) {
  return { ...rest, [KIND_FIELDS[kind].title]: title, [KIND_FIELDS[kind].body]: body };
}

/** The editor's input for a stored item: what a Save or a Publish sends back. */
export const inputOf = (item: AdminHelpItem): HelpItemInput => ({
  slug: item.slug,
  category: item.category,
  position: item.position,
  title: { ...item.title },
  body: { ...item.body },
  published: item.published,
});

const adminKey = (kind: HelpKind) => ['admin', 'help', kind] as const;

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** Every article or every Q&A, drafts included, in the help centre's order, 100 at a time. */
export function useAdminHelpList(kind: HelpKind) {
  return useInfiniteQuery({
    queryKey: adminKey(kind),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest<Page<AdminHelpArticle | AdminHelpQa>>(
        `/api/help/admin/${KIND_PATH[kind]}`,
        {
          query: { cursor: pageParam, limit: PAGE_LIMIT_MAX },
          signal,
        },
      );
      return { ...page, items: page.items.map((item) => fromApi(kind, item)) };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

function useAdminHelpMutation<V>(kind: HelpKind, fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      // The readers' lists and pages too: an admin reading the help centre sees the change.
      Promise.all([
        client.invalidateQueries({ queryKey: adminKey(kind) }),
        client.invalidateQueries({ queryKey: ['help'] }),
      ]),
  });
}

export const useCreateHelpItem = (kind: HelpKind) =>
  useAdminHelpMutation(kind, (input: HelpItemInput) =>
    apiRequest<AdminHelpArticle | AdminHelpQa>(`/api/help/admin/${KIND_PATH[kind]}`, {
      method: 'POST',
      data: toApi(kind, input),
    }),
  );

export const useUpdateHelpItem = (kind: HelpKind) =>
  useAdminHelpMutation(kind, ({ id, input }: { id: string; input: HelpItemInput }) =>
    apiRequest<AdminHelpArticle | AdminHelpQa>(`/api/help/admin/${KIND_PATH[kind]}/${id}`, {
      method: 'PUT',
      data: toApi(kind, input),
    }),
  );

export const useDeleteHelpItem = (kind: HelpKind) =>
  useAdminHelpMutation(kind, (id: string) =>
    apiRequest<null>(`/api/help/admin/${KIND_PATH[kind]}/${id}`, { method: 'DELETE' }),
  );

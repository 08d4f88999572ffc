/**
 * What every deals route shares: the answer schemas, the deal a user may see or manage, the deal
 * page as they see it, and how a buyer's list is scored for them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import type { MatchProfile } from '@dealclub/shared/matching';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { prepareNamed } from '../../../db/prepared';
import type { DealRow } from '../../../db/rows';
import { deals } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { contentLanguage } from '../../../lib/content-language';
import type { AuthenticatedUser } from '../../../plugins/auth';
import { matchProfileOf } from '../../matching';
import type { ListedDeal, MatchContext } from '../service';
import { managesDeal, readsDeal, viewerOf, visibleTo } from '../visibility';
import { detailOf, pageOfListedDeal, profileOfPage, readDealPage } from './deal-page';

export const Card = z.looseObject({ id: z.string(), status: z.string(), addressHidden: z.boolean() });
export const Page = z.object({ items: z.array(Card), nextCursor: z.string().nullable(), total: z.number() });
export const Detail = z.looseObject({ id: z.string(), status: z.string(), addressHidden: z.boolean() });
export const IdParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
/** API.md's pagination: an opaque cursor and a limit (default 24, max 100). */
export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export const auth = { security: [{ bearerAuth: [] }] };

/** The helpers of the deals routes of one app. */
export type DealAccess = ReturnType<typeof dealAccess>;

export function dealAccess(app: FastifyInstance) {
  const db = () => app.database.db;

  /** For the buyer side: their match profile and the reader's language, to score deals with. */
  function matchContextFrom(
    request: FastifyRequest,
    user: AuthenticatedUser,
    profile: () => MatchProfile | null,
  ): MatchContext | undefined {
    if (!user.roles.some((r) => BUYER_SIDE.includes(r))) return undefined;
    return {
      profile: profile(),
      language: contentLanguage(request.headers['accept-language'], user.row.languagePreference),
    };
  }

  /** The same, from the profile the auth hook read with the user (routes asking for `MATCH_PROFILE_JOIN`). */
  function matchContextOf(request: FastifyRequest, user: AuthenticatedUser): MatchContext | undefined {
    return matchContextFrom(request, user, () => matchProfileOf(user));
  }

  // Prepared (built once, planned once per connection): the most frequent read of a deal.
  const dealForViewer = (isAdmin: boolean) =>
    prepareNamed(
      isAdmin ? 'deal_for_admin' : 'deal_for_viewer',
      db()
        .select()
        .from(deals)
        .where(
          and(eq(deals.id, sql.placeholder('id')), visibleTo({ id: sql.placeholder('viewer'), isAdmin })),
        ),
    );
  const dealQueries = { admin: dealForViewer(true), viewer: dealForViewer(false) };

  /** The deal if the user may see it; 'Listing not found' otherwise (never a hint it exists). */
  async function visibleDeal(user: AuthenticatedUser, id: string): Promise<DealRow> {
    const viewer = viewerOf(user);
    const [row] = await (viewer.isAdmin ? dealQueries.admin : dealQueries.viewer).execute({
      id,
      viewer: user.id,
    });
    if (!row || !readsDeal(user, row)) throw new AppError('LISTING_NOT_FOUND');
    return row;
  }

  /**
   * The deal page as the user sees it, everything on it read with the deal in one statement (the
   * seller of an exclusive deal adds the count of its priority buyers); 'Listing not found' as above.
   * After a write the page answers without a match, as the seller side's answer always has.
   */
  async function dealPage(user: AuthenticatedUser, id: string, request?: FastifyRequest) {
    const viewer = viewerOf(user);
    const page = await readDealPage(db(), viewer, id);
    if (!page || !readsDeal(user, page.row)) throw new AppError('LISTING_NOT_FOUND');
    // A view (DECISIONS.md, Analytics and maps): the page read (the one call with the request) by
    // anyone who does not manage the deal, noted in memory and written off the request, once per
    // viewer and day (analytics/view-buffer.ts).
    if (request && !managesDeal(viewer, page.row)) app.dealViews.record(page.row.id, user.id);
    const match = request ? matchContextFrom(request, user, () => profileOfPage(page)) : undefined;
    return detailOf(db(), viewer, page, match);
  }

  /** The page of a deal `user` has just listed, as {@link dealPage} would read it, without reading it. */
  function listedDealPage(user: AuthenticatedUser, listed: ListedDeal) {
    return detailOf(db(), viewerOf(user), pageOfListedDeal(listed));
  }

  /** The deal if the user manages it: its originator, or an admin as moderator. */
  async function managedDeal(user: AuthenticatedUser, id: string): Promise<DealRow> {
    const row = await visibleDeal(user, id);
    if (!managesDeal(viewerOf(user), row)) throw new AppError('FORBIDDEN');
    return row;
  }

  /**
   * The config of the calls that change the deal `:id`: the seller side, and of them its manager
   * (`managedDeal`), before a body that does not validate is answered (plugins/access.ts).
   */
  const forManager: FastifyContextConfig = { roles: SELLER_SIDE, guard: managedDeal };

  return { visibleDeal, managedDeal, forManager, dealPage, listedDealPage, matchContextOf, matchContextFrom };
}

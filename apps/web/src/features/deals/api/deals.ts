/**
 * The buyer side's deal reads: the browse list (filters, sort, a page at a time with the cursor),
 * one deal, the saved deals and the favorite toggle (optimistic over every cached list and detail).
 * Every query key starts with `['deals', …]` so that a seller-side change refreshes them all.
 */
import type { Match } from './matching';
import {
  keepPreviousData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  CATEGORIES,
  DealMath,
  DealStatus,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
} from '@dealclub/shared/deal-rules';
import type { DealValues } from '@dealclub/shared/deals';
import type { TermsVerified } from '@dealclub/shared/verifications';
import { apiRequest, withQuery } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import type { Interest, Offer } from './offers';

export type Category = (typeof CATEGORIES)[number];
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** One deal of a list (`GET /api/deals`, `GET /api/favorites`). */
export interface Card {
  id: string;
  status: DealStatus;
  /** Absent when `addressHidden`. */
  streetAddress?: string;
  unit?: string | null;
  addressHidden: boolean;
  hideAddress: boolean;
  city: string;
  state: string;
  zipCode: string;
  category: Category;
  purchaseType: PurchaseType | null;
  propertyType: PropertyType;
  purchasePrice: number;
  entryFee: number | null;
  interestRate: number | null;
  bedrooms: number;
  bathrooms: number;
  squareFootage: number | null;
  tags: string[];
  systemTags: string[];
  coverPhotoUrl: string | null;
  /** The cover in every stored size, with its shape. */
  coverPhoto: ResponsivePhoto | null;
  isFavorite: boolean;
  isOwn: boolean;
  /** Set while an admin's approval of the mortgage statement holds (verified terms). */
  termsVerified: TermsVerified | null;
  /** For a buyer with preferences or a buy box: how the deal fits them (null otherwise). */
  match?: Match | null;
  /** The browse list's cards: the centroid of the deal's ZIP code (null when unknown), for the map. */
  lat?: number | null;
  lng?: number | null;
  createdAt: string;
}

/** A photo as a responsive image: `url` is the small size, `srcSet` lists every stored one. */
export interface ResponsivePhoto {
  url: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface DealPhoto extends ResponsivePhoto {
  id: string;
  thumbUrl: string;
  fullUrl: string;
}

export interface DealOriginator {
  firstName: string;
  companyName: string | null;
  logoUrl: string | null;
  callBookingUrl: string | null;
}

export interface StatusHistoryEntry {
  status: DealStatus;
  source: string;
  reason: string | null;
  comments: string | null;
  date: string;
}

type Terms = Omit<
  DealValues,
  | 'streetAddress'
  | 'unit'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'hideAddress'
  | 'category'
  | 'purchaseType'
  | 'propertyType'
  | 'purchasePrice'
  | 'entryFee'
  | 'interestRate'
  | 'bedrooms'
  | 'bathrooms'
  | 'squareFootage'
  | 'tags'
  | 'exclusive'
  | 'legalCertification'
>;

/** One deal with every term (`GET /api/deals/:id`). */
export interface DealDetail extends Card, Partial<Terms> {
  description: string;
  exclusiveUntil: string | null;
  /** An exclusive deal's priority buyers (certified and matching): for its originator and admins. */
  priorityBuyers?: number | null;
  updatedAt: string;
  photos: DealPhoto[];
  math: DealMath | null;
  originator: DealOriginator;
  /** Only for the deal's originator and admins; empty otherwise. */
  statusHistory: StatusHistoryEntry[];
  /** The viewer's expression of interest in the deal, if any. */
  myInterest?: Interest | null;
  /** The viewer's current offer on the deal (never a replaced one), if any. */
  myOffer?: Offer | null;
  /** How many offers and interested buyers the deal has: for its originator and admins only. */
  engagement?: { interests: number; offers: number } | null;
}

export interface DealsPage {
  items: Card[];
  nextCursor: string | null;
  /** Exact up to 10,000; `totalCapped` says there are more. */
  total: number;
  totalCapped?: boolean;
}

export const DEAL_SORTS = ['newest', 'match', 'price-asc', 'price-desc', 'entry-fee-asc'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

/** The browse filters as the API takes them (all optional). */
export interface DealFilters {
  maxPrice?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  category?: Category;
  purchaseType?: PurchaseType;
  propertyType?: PropertyType;
  state?: string;
  city?: string;
  zipCode?: string;
  tags?: string[];
  q?: string;
  /** Only deals whose terms an admin verified. */
  verified?: boolean;
  sort?: DealSort;
}

export const PAGE_SIZE = 24;

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (filters: DealFilters) => [...dealKeys.lists(), filters] as const,
  detail: (id: string) => [...dealKeys.all, 'detail', id] as const,
  favorites: () => [...dealKeys.all, 'favorites'] as const,
};

/** The filters as the query string of `GET /api/deals` (the map view pages through it too). */
export function toQuery(filters: DealFilters) {
  return {
    maxPrice: filters.maxPrice,
    minBedrooms: filters.minBedrooms,
    minBathrooms: filters.minBathrooms,
    category: filters.category,
    purchaseType: filters.purchaseType,
    propertyType: filters.propertyType,
    state: filters.state || undefined,
    city: filters.city?.trim() || undefined,
    zipCode: filters.zipCode || undefined,
    tags: filters.tags?.length ? filters.tags.join(',') : undefined,
    q: filters.q?.trim() || undefined,
    verified: filters.verified ? 'true' : undefined,
    sort: filters.sort,
  };
}

/** The browse list, a page at a time ("Load more" calls `fetchNextPage`). */
export function dealsListOptions(filters: DealFilters) {
  return infiniteQueryOptions({
    queryKey: dealKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DealsPage>(
        withQuery('/api/deals', { ...toQuery(filters), cursor: pageParam ?? undefined, limit: PAGE_SIZE }),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDealsList(filters: DealFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...dealsListOptions(filters),
    // While new filters load, the previous results stay (marked busy) instead of flashing away.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One deal; a 404 ('Listing not found') is not retried. */
export function dealQueryOptions(id: string) {
  return queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<DealDetail>(`/api/deals/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function useDeal(id: string | undefined) {
  return useQuery({ ...dealQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** The saved deals, most recently saved first, a page at a time ("Load more" calls `fetchNextPage`). */
export function useFavorites(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: dealKeys.favorites(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DealsPage>(
        withQuery('/api/favorites', { cursor: pageParam ?? undefined, limit: PAGE_SIZE }),
        {
          signal,
        },
      ),
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}

type Snapshot = [QueryKey, unknown][];

function setFavoriteIn(data: unknown, id: string, isFavorite: boolean): unknown {
  if (!data || typeof data !== 'object') return data;
  const mark = <T extends { id: string; isFavorite: boolean }>(card: T): T =>
    card.id === id ? { ...card, isFavorite } : card;
  if ('pages' in data) {
    const infinite = data as InfiniteData<DealsPage>;
    return { ...infinite, pages: infinite.pages.map((p) => ({ ...p, items: p.items.map(mark) })) };
  }
  if ('items' in data) {
    const page = data as DealsPage;
    return { ...page, items: page.items.map(mark) };
  }
  if ('id' in data && 'isFavorite' in data) return mark(data as DealDetail);
  return data;
}

/** Saves or unsaves a deal; every cached list and the detail show the change at once. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation<null, Error, { id: string; favorite: boolean }, { snapshot: Snapshot }>({
    mutationFn: ({ id, favorite }) =>
      apiRequest<null>(`/api/deals/${encodeURIComponent(id)}/favorite`, {
        method: favorite ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: dealKeys.all });
      const snapshot = queryClient.getQueriesData({ queryKey: dealKeys.all });
      for (const [key, data] of snapshot) {
        queryClient.setQueryData(key, setFavoriteIn(data, id, favorite));
      }
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.favorites() }),
  });
}

/**
 * The buyer map's reads (API.md): `GET /api/analytics/buyers` (seller side) and the public
 * `GET /api/analytics/zip-analytics/{zipCode}`.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { zipAnalyticsQueryKey } from '@dealclub/shared/prerendered';
import type {
  BuyerAnalyticsFilters,
  BuyerMapAnswer,
  BuyerZip,
  ZipAnalytics,
} from '@dealclub/shared/analytics';
import { REGION_PATTERN } from '@dealclub/shared/analytics-rules';
import { BUDGET_CAPS, ROOM_MINIMUMS } from '@dealclub/shared/deal-rules';
import { ZIP_PATTERN } from '@dealclub/shared/geo-rules';
import { apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';

/** A page of `GET /api/analytics/buyers` (its ZIPs with the first page of the whole list only). */
export type BuyerMapPage = BuyerMapAnswer;

/** The budget and room filters of the map (core §9), without the ZIP and the region. */
export type MapFilters = Omit<BuyerAnalyticsFilters, 'zipCode' | 'region'>;

function numberIn<T extends readonly number[]>(values: T, raw: string | null): T[number] | undefined {
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  return values.includes(n) ? (n as T[number]) : undefined;
}

/**
 * The filters, the chosen ZIP and the opened region (of a map sent by region) as the URL keeps them
 * (unknown values are ignored); a ZIP is in the region of its first three digits.
 */
export function filtersFromParams(params: URLSearchParams): {
  filters: MapFilters;
  zipCode: string | null;
  region: string | null;
} {
  const zip = params.get('zip');
  const zipCode = zip && ZIP_PATTERN.test(zip) ? zip : null;
  const region = params.get('region');
  return {
    filters: {
      maxPrice: numberIn(BUDGET_CAPS, params.get('maxPrice')),
      minBedrooms: numberIn(ROOM_MINIMUMS, params.get('minBedrooms')),
      minBathrooms: numberIn(ROOM_MINIMUMS, params.get('minBathrooms')),
    },
    zipCode,
    region: zipCode ? zipCode.slice(0, 3) : region && REGION_PATTERN.test(region) ? region : null,
  };
}

/**
 * The ZIP codes of one region of a map sent by region (`?region=`), asked for when it is opened;
 * the answer's one-buyer list is not shown (the list is the first page's).
 */
export function useBuyerRegion(filters: MapFilters, region: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'buyers', filters, 'region', region],
    queryFn: ({ signal }) =>
      apiRequest<BuyerMapPage>('/api/analytics/buyers', {
        query: { ...filters, region: region ?? undefined, limit: 1 },
        signal,
      }).then((page): BuyerZip[] => page.zips ?? []),
    staleTime: 30_000,
    retry: retryUnlessClientError,
    enabled: enabled && region !== null,
  });
}

/**
 * The buyers under the filters, a page at a time (`zipCode` narrows the list; the map's ZIPs come
 * with the first page of the whole list). The answer can be megabytes on a national club: it is
 * kept as parsed, without the structural comparison a refetch would otherwise run over it.
 */
export function useBuyerPages(filters: MapFilters, zipCode: string | null, enabled = true) {
  return useInfiniteQuery({ ...buyerPagesOptions(filters, zipCode), enabled });
}

export function buyerPagesOptions(filters: MapFilters, zipCode: string | null) {
  return infiniteQueryOptions({
    queryKey: ['analytics', 'buyers', filters, zipCode],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<BuyerMapPage>('/api/analytics/buyers', {
        query: { ...filters, zipCode: zipCode ?? undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.buyers.nextCursor,
    structuralSharing: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** The public analytics of one ZIP code (signed out too). */
export function useZipAnalytics(zipCode: string, enabled: boolean) {
  return useQuery({
    queryKey: zipAnalyticsQueryKey(zipCode),
    queryFn: ({ signal }) =>
      apiRequest<ZipAnalytics>(`/api/analytics/zip-analytics/${encodeURIComponent(zipCode)}`, { signal }),
    enabled,
    retry: retryUnlessClientError,
  });
}

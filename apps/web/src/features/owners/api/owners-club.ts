import { useInfiniteQuery } from '@tanstack/react-query';
import type { OwnerMarket } from '@dealclub/shared/analytics';
import { apiRequest } from '@/lib/api-client';

export interface ClubOwner {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  logoUrl: string | null;
  markets: { state: string; city: string }[];
}

export interface OwnersClubPage {
  markets: OwnerMarket[];
  owners: { items: ClubOwner[]; nextCursor: string | null; total: number };
}

/** `GET /api/analytics/owners` (seller side): the markets with every page, the owners a page at a time. */
export function useOwnersClub() {
  return useInfiniteQuery({
    queryKey: ['analytics', 'owners'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OwnersClubPage>('/api/analytics/owners', {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.owners.nextCursor,
  });
}

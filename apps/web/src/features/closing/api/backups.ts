/**
 * Backup offers (seller or admin, while the room is open): the deal's other offers that may back the
 * accepted one up — open or not selected, from another buyer — and ranking up to
 * `MAX_BACKUP_OFFERS` of them (`PUT /api/deals/{id}/backups`). The candidates come from the offers
 * table's own call (`GET /api/deals/{id}/offers?status=all`), its newest page of 100.
 */
import { useQuery } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import type { OfferStatus, OfferType } from '@dealclub/shared/offer-rules';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { apiRequest } from '@/lib/api-client';
import { dealKeys } from '@/lib/deals';
import { retryUnlessClientError } from '@/lib/query-client';
import { useRoomStep } from './closing-room';

/** What the backups' picker needs of an offer of the seller's offers table. */
export interface BackupCandidate {
  id: string;
  type: OfferType;
  purchasePrice: number | null;
  entryFee: number | null;
  status: OfferStatus;
  buyer: { id: string; firstName: string; lastName: string };
}

/** The statuses of an offer that can back the accepted one up. */
const BACKUP_STATUSES: readonly OfferStatus[] = ['open', 'declined'];

/** The deal's offers that may be ranked as backups: not the room's buyer's, open or not selected. */
export function backupCandidates(offers: BackupCandidate[], roomBuyerId: string): BackupCandidate[] {
  return offers.filter((offer) => BACKUP_STATUSES.includes(offer.status) && offer.buyer.id !== roomBuyerId);
}

export function useBackupCandidates(dealId: string, roomBuyerId: string) {
  return useQuery({
    // Within the room's key: a change of the room (realtime included) reads them again.
    queryKey: [...dealKeys.closing(dealId), 'backup-candidates'] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ items: BackupCandidate[] }>(`/api/deals/${encodeURIComponent(dealId)}/offers`, {
        query: { status: 'all', sort: 'newest', limit: PAGE_LIMIT_MAX },
        signal,
      }),
    select: (page) => backupCandidates(page.items, roomBuyerId),
    retry: retryUnlessClientError,
  });
}

export function useSetBackups(dealId: string) {
  return useRoomStep(
    dealId,
    (offerIds: string[], room) =>
      apiRequest<ClosingRoom>(`/api/deals/${encodeURIComponent(dealId)}/backups${room}`, {
        method: 'PUT',
        data: { offerIds },
      }),
    { touchesDeal: true },
  );
}

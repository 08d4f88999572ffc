/**
 * The end of the contract, with a required reason: the seller (or an admin) ends it
 * (`POST …/closing/fall-through`), the buyer withdraws (`POST …/closing/withdraw`). The answer is
 * the reader's room: for the seller, when a backup was promoted, the new open room; otherwise the
 * room that fell through. And the closing (`POST …/closing/complete`, the seller or an admin), once
 * every milestone is done; before that 409 `CLOSING_INCOMPLETE` with the open milestones' keys.
 */
import { isErrorBody } from '@dealclub/shared/errors';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { roomPath, useRoomStep } from './closing-room';

export type ContractEnd = 'fall-through' | 'withdraw';

export function useEndContract(dealId: string) {
  return useRoomStep(
    dealId,
    ({ how, reason }: { how: ContractEnd; reason: string }, room) =>
      apiRequest<ClosingRoom>(`${roomPath(dealId)}/${how}${room}`, { method: 'POST', data: { reason } }),
    { touchesDeal: true },
  );
}

export function useCompleteClosing(dealId: string) {
  return useRoomStep(
    dealId,
    (_: void, room) => apiRequest<ClosingRoom>(`${roomPath(dealId)}/complete${room}`, { method: 'POST' }),
    { touchesDeal: true },
  );
}

/** The keys of the milestones still open, when `error` is the refusal to close (else null). */
export function openMilestonesOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'CLOSING_INCOMPLETE') return null;
  return isErrorBody(error.body) && Array.isArray(error.body.open) ? error.body.open : [];
}

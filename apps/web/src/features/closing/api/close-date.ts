/**
 * Changing the close date: either party (or an admin) proposes one (`POST …/closing/close-date`),
 * the other party accepts or declines it (`…/close-date/accept`, `…/close-date/decline`). Accepted,
 * the due dates that follow the close date move with it.
 */
import { apiRequest } from '@/lib/api-client';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { roomPath, useRoomStep } from './closing-room';

export function useProposeCloseDate(dealId: string) {
  return useRoomStep(dealId, (closeDate: string, room) =>
    apiRequest<ClosingRoom>(`${roomPath(dealId)}/close-date${room}`, { method: 'POST', data: { closeDate } }),
  );
}

export function useAnswerCloseDate(dealId: string) {
  return useRoomStep(dealId, (answer: 'accept' | 'decline', room) =>
    apiRequest<ClosingRoom>(`${roomPath(dealId)}/close-date/${answer}${room}`, { method: 'POST' }),
  );
}

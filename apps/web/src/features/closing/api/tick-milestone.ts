/**
 * Ticking a milestone off, or back on with a reason (`PUT /api/deals/{id}/closing/milestones/{key}`):
 * its responsible party or an admin. The milestone's `version` as the page showed it goes along, so
 * that a tick from a stale page never undoes a newer one: 409 `MILESTONE_CHANGED`, and the room is
 * read again (`useRoomStep`).
 */
import { apiRequest } from '@/lib/api-client';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { roomPath, useRoomStep } from './closing-room';

export interface TickInput {
  key: string;
  done: boolean;
  /** Required to untick (the reason); optional to tick. */
  note?: string;
  version: number;
}

export function useTickMilestone(dealId: string) {
  return useRoomStep(dealId, ({ key, ...body }: TickInput, room) =>
    apiRequest<ClosingRoom>(`${roomPath(dealId)}/milestones/${encodeURIComponent(key)}${room}`, {
      method: 'PUT',
      data: body,
    }),
  );
}

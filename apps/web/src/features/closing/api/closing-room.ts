/**
 * A deal's closing room as its reader sees it (`GET /api/deals/{id}/closing`): its seller, the
 * buyer of the accepted offer and admins; anyone else gets 404 and the not-found page. Every step
 * taken in the room answers the room again, which replaces the one read: `useRoomStep`. Each step
 * names the room the page shows (`?roomId=`), so that it never lands on the next room of the deal
 * (after a backup's promotion): the API then answers 409 `CLOSING_NOT_OPEN`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClosingRoom } from '@dealclub/shared/closing';
import type { ErrorCode } from '@dealclub/shared/errors';
import { ApiError, apiRequest } from '@/lib/api-client';
import { dealKeys } from '@/lib/deals';
import { retryUnlessClientError } from '@/lib/query-client';

/** The room as the screens hold it; the API answers the room itself (`ClosingRoom`). */
export interface RoomAnswer {
  closing: ClosingRoom;
}

/** `/api/deals/{id}/closing`, the root of the room's calls. */
export const roomPath = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}/closing`;

export function closingRoomOptions(dealId: string) {
  return queryOptions({
    queryKey: dealKeys.closing(dealId),
    queryFn: async ({ signal }): Promise<RoomAnswer> => ({
      closing: await apiRequest<ClosingRoom>(roomPath(dealId), { signal }),
    }),
    // Two people change the room: it is read afresh whenever it is opened (the realtime event
    // `closing-updated` refreshes it while it is open), also after the read the router started as
    // the screen's code came (app/router.tsx), which the room shows meanwhile.
    staleTime: 0,
    // A 404 (not a member, or no room) is an answer: not retried.
    retry: retryUnlessClientError,
  });
}

export const useClosingRoom = (dealId: string) => useQuery(closingRoomOptions(dealId));

/**
 * Refusals that mean the page showed the room as it no longer is (someone else ticked, ended or
 * answered first): the room is read again, and the screen says so.
 */
const STALE_ROOM: readonly ErrorCode[] = [
  'MILESTONE_CHANGED',
  'MILESTONE_PARTY_ONLY',
  'MILESTONE_NOT_FOUND',
  'CLOSING_NOT_OPEN',
  'CLOSING_INCOMPLETE',
  'CLOSE_DATE_NOT_PROPOSED',
  'CLOSING_DOCUMENT_LIMIT',
];

/**
 * A step in the room: its answer is the room as the reader now sees it. `touchesDeal` steps (the
 * backups, the end of the contract, the closing) change the deal and its offers too, so the other
 * deal reads are refreshed as well.
 */
export function useRoomStep<TInput, TAnswer extends RoomAnswer = RoomAnswer>(
  dealId: string,
  send: (input: TInput, roomQuery: string) => Promise<TAnswer | ClosingRoom>,
  { touchesDeal = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput): Promise<TAnswer> => {
      const shown = queryClient.getQueryData<RoomAnswer>(dealKeys.closing(dealId))?.closing.id;
      const answer = await send(input, shown ? `?roomId=${encodeURIComponent(shown)}` : '');
      return ('closing' in answer ? answer : { closing: answer }) as TAnswer;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<RoomAnswer>(dealKeys.closing(dealId), { closing: answer.closing });
      if (touchesDeal) {
        void queryClient.invalidateQueries({
          queryKey: dealKeys.all,
          // Not the room itself: its answer is the one just set.
          predicate: (query) =>
            query.queryKey.length !== 3 || query.queryKey[1] !== 'closing' || query.queryKey[2] !== dealId,
        });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code && STALE_ROOM.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: dealKeys.closing(dealId), exact: true });
      }
    },
  });
}

/**
 * Factories of the closing feature's unit tests: a room as `GET /api/deals/{id}/closing` answers it
 * (a subject-to deal's, read by its seller, two days after acceptance) and its milestones.
 */
import { milestonesFor, type ClosingMilestone, type ClosingRoom } from '@dealclub/shared/closing';
import { DEAL_ID } from '@/test/deals';

export const ROOM_ID = '22222222-2222-4222-8222-222222222222';

export function createMilestone(overrides: Partial<ClosingMilestone> = {}): ClosingMilestone {
  return {
    key: 'escrow-opened',
    title: 'Escrow or title opened',
    party: 'seller',
    dueDate: '2026-03-04',
    done: false,
    doneAt: null,
    doneBy: null,
    doneByName: null,
    note: '',
    overdue: false,
    version: 1,
    documents: [],
    ...overrides,
  };
}

/** Every milestone of a subject-to room, none done, due in order of the definitions. */
export function subjectToMilestones(): ClosingMilestone[] {
  return milestonesFor('SubTo').map((definition, index) =>
    createMilestone({
      key: definition.key,
      title: definition.title.en,
      party: definition.party,
      dueDate: `2026-03-${String(4 + index).padStart(2, '0')}`,
    }),
  );
}

export function createRoom(overrides: Partial<ClosingRoom> = {}): ClosingRoom {
  return {
    id: ROOM_ID,
    dealId: DEAL_ID,
    offerId: 'o1',
    status: 'open',
    kind: 'SubTo',
    openedAt: '2026-03-01T15:00:00.000Z',
    closeDate: '2026-04-01',
    proposedCloseDate: null,
    endedAt: null,
    endReason: null,
    daysToClose: null,
    role: 'seller',
    deal: {
      id: DEAL_ID,
      status: 'pending',
      purchaseType: 'SubTo',
      address: '12 Oak Street, Austin, TX 78701',
    },
    seller: { id: 'u1', name: 'Rosa Díaz' },
    buyer: { id: 'b1', name: 'Ana Ruiz' },
    offer: {
      id: 'o1',
      type: 'creative',
      purchasePrice: null,
      entryFee: 12_000,
      estimatedCloseDate: '2026-04-01',
    },
    milestones: subjectToMilestones(),
    backups: [],
    timeline: [
      {
        at: '2026-03-01T15:00:00.000Z',
        actor: 'u1',
        actorName: 'Rosa Díaz',
        event: 'opened',
        detail: { closeDate: '2026-04-01', kind: 'SubTo' },
      },
    ],
    timelineTotal: 1,
    ...overrides,
  };
}

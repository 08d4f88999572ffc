import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClosingRoom } from '@dealclub/shared/closing';
import type { Role } from '@dealclub/shared/roles';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';
import { signedIn } from '@/test/session';
import { toastsAsked } from '@/test/toasts';
import { createMilestone, createRoom, subjectToMilestones } from '../test-factories';
import DealClosingPage from './deal-closing';

const toast = toastsAsked();

type Handler = (url: URL, init?: RequestInit) => Response | undefined;

const ROOM = `/api/deals/${DEAL_ID}/closing`;

/** The room's API over a room that a test may change; `override` answers first. */
function mockApi(room: () => ClosingRoom, override: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = override(url, init);
    if (answer) return answer;
    if (url.pathname === ROOM && (init?.method ?? 'GET') === 'GET') return json(200, room());
    if (url.pathname === `/api/deals/${DEAL_ID}/offers`) {
      return json(200, {
        items: [
          {
            id: 'o2',
            type: 'cash',
            purchasePrice: 380_000,
            entryFee: null,
            status: 'declined',
            buyer: { id: 'b2', firstName: 'Lee', lastName: 'Park' },
          },
          {
            id: 'o1',
            type: 'creative',
            purchasePrice: null,
            entryFee: 12_000,
            status: 'accepted',
            buyer: { id: 'b1', firstName: 'Ana', lastName: 'Ruiz' },
          },
          {
            id: 'o3',
            type: 'creative',
            purchasePrice: null,
            entryFee: 9_000,
            status: 'replaced',
            buyer: { id: 'b3', firstName: 'Sam', lastName: 'Cole' },
          },
        ],
        nextCursor: null,
        total: 3,
        deal: { id: DEAL_ID },
      });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderRoom(roles: Role[] = ['originator']) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  const router = createMemoryRouter([{ path: '/deals/:id/closing', element: <DealClosingPage /> }], {
    initialEntries: [`/deals/${DEAL_ID}/closing`],
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider value={signedIn(roles)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return client;
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(input, 'http://localhost').pathname === path,
  );
const bodyOf = (call: [string, RequestInit?] | undefined) => JSON.parse(String(call?.[1]?.body));
const milestoneItem = (title: string) =>
  screen.getAllByTestId('milestone').find((item) => within(item).queryByRole('heading', { name: title }))!;

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.mockReset();
  await i18n.changeLanguage('en');
});

describe('/deals/:id/closing', () => {
  it('shows the deal, the legal copy, the milestones in due order with the overdue one in words, and the timeline', async () => {
    const milestones = subjectToMilestones();
    milestones[0] = { ...milestones[0]!, overdue: true };
    milestones[1] = {
      ...milestones[1]!,
      done: true,
      doneAt: '2026-03-02T16:00:00.000Z',
      doneBy: 'u1',
      doneByName: 'Rosa Díaz',
      note: 'Opened with Lone Star Title',
      documents: [
        {
          id: 'd1',
          name: 'escrow-receipt.pdf',
          size: 48_000,
          contentType: 'application/pdf',
          uploadedAt: '2026-03-02T16:00:00.000Z',
        },
      ],
    };
    mockApi(() => createRoom({ milestones, timelineTotal: 250 }));
    renderRoom();

    expect(await screen.findByRole('heading', { level: 1, name: 'Closing room' })).toBeTruthy();
    expect(screen.getByText('12 Oak Street, Austin, TX 78701')).toBeTruthy();
    expect(screen.getByTestId('closing-legal').textContent).toBe(
      'DealClub does not hold funds; escrow is held by your title company or attorney.',
    );
    // The panels come in a render of their own, after the room's head.
    expect(await screen.findByText('Rosa Díaz (you)')).toBeTruthy();
    expect(screen.getByText('$12,000')).toBeTruthy();

    const items = screen.getAllByTestId('milestone');
    expect(items).toHaveLength(10);
    expect(within(items[0]!).getByRole('heading', { level: 3 }).textContent).toBe(
      'EMD deposited with escrow',
    );
    // Overdue: in words (and an icon), not by its red alone.
    expect(within(items[0]!).getByTestId('milestone-state').textContent).toBe('Overdue');
    expect(within(items[0]!).getByText('Responsible: Buyer')).toBeTruthy();
    // The seller may not tick the buyer's milestone.
    expect(within(items[0]!).queryByRole('button', { name: /^Mark done/ })).toBeNull();

    const escrow = items[1]!;
    expect(within(escrow).getByTestId('milestone-state').textContent).toBe('Done');
    expect(within(escrow).getByText(/^Done by Rosa Díaz on/)).toBeTruthy();
    expect(within(escrow).getByText('Opened with Lone Star Title')).toBeTruthy();
    expect(within(escrow).getByRole('button', { name: 'Download escrow-receipt.pdf' })).toBeTruthy();
    expect(
      within(escrow).getByRole('button', { name: 'Mark not done: Escrow or title opened' }),
    ).toBeTruthy();
    expect(within(escrow).getByLabelText('Add a document to “Escrow or title opened”')).toBeTruthy();
    expect(screen.getByTestId('milestone-progress').textContent).toBe('1 of 10 done');

    const timeline = screen.getByTestId('timeline');
    expect(within(timeline).getByText('Opened the closing room, close date Apr 1, 2026')).toBeTruthy();
    expect(within(timeline).getByText('The latest 1 of 250 steps, oldest first.')).toBeTruthy();
    expect(screen.queryByTestId('room-banner')).toBeNull();
  });

  it('ticks a milestone with the version the page shows, and says so', async () => {
    const user = userEvent.setup();
    let room = createRoom({ milestones: [createMilestone({ version: 3 })] });
    const fetchMock = mockApi(
      () => room,
      (url, init) => {
        if (init?.method !== 'PUT') return undefined;
        room = createRoom({
          milestones: [
            createMilestone({
              version: 4,
              done: true,
              doneAt: '2026-03-02T16:00:00.000Z',
              doneBy: 'u1',
              doneByName: 'Rosa Díaz',
            }),
          ],
        });
        return json(200, room);
      },
    );
    renderRoom();

    const trigger = await screen.findByRole('button', { name: 'Mark done: Escrow or title opened' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Mark this milestone done?' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Lone Star Title');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '“Escrow or title opened” is done.' }));
    const put = calls(fetchMock, 'PUT', `${ROOM}/milestones/escrow-opened`);
    expect(put).toHaveLength(1);
    expect(bodyOf(put[0])).toEqual({ done: true, version: 3, note: 'Lone Star Title' });
    // The step names the room the page shows, so that it never lands on another room of the deal.
    expect(new URL(put[0]![0], 'http://localhost').searchParams.get('roomId')).toBe(createRoom().id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The same button, now the way back, holds the focus. The panels show the new room a render
    // after the room's head does (CI failed on a slow machine when this was read at once).
    const undo = await screen.findByRole('button', { name: 'Mark not done: Escrow or title opened' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    expect(screen.getByTestId('milestone-progress').textContent).toBe('1 of 1 done');
  });

  it('asks for a reason to untick, and sends it with the version', async () => {
    const user = userEvent.setup();
    const done = createMilestone({
      done: true,
      version: 5,
      doneAt: '2026-03-02T16:00:00.000Z',
      doneBy: 'u1',
      doneByName: 'Rosa Díaz',
    });
    const fetchMock = mockApi(
      () => createRoom({ milestones: [done] }),
      (_url, init) =>
        init?.method === 'PUT'
          ? json(
              200,
              createRoom({
                milestones: [{ ...done, done: false, version: 6, note: 'Wrong escrow company' }],
              }),
            )
          : undefined,
    );
    renderRoom();

    await user.click(await screen.findByRole('button', { name: 'Mark not done: Escrow or title opened' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this milestone not done?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark not done' }));
    expect(within(dialog).getByText('Say why this milestone is no longer done.')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    expect(calls(fetchMock, 'PUT', `${ROOM}/milestones/escrow-opened`)).toHaveLength(0);

    await user.type(reason, 'Wrong escrow company');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not done' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: '“Escrow or title opened” is no longer done.' }),
    );
    expect(bodyOf(calls(fetchMock, 'PUT', `${ROOM}/milestones/escrow-opened`)[0])).toEqual({
      done: false,
      version: 5,
      note: 'Wrong escrow company',
    });
  });

  it('reads the room again when the milestone changed meanwhile, and says so', async () => {
    const user = userEvent.setup();
    let room = createRoom({ milestones: [createMilestone({ version: 1 })] });
    const fetchMock = mockApi(
      () => room,
      (_url, init) => {
        if (init?.method !== 'PUT') return undefined;
        // The other party ticked it first.
        room = createRoom({
          milestones: [
            createMilestone({
              version: 2,
              done: true,
              doneAt: '2026-03-02T16:00:00.000Z',
              doneBy: 'x',
              doneByName: 'Pat Lee',
            }),
          ],
        });
        return json(409, { code: 'MILESTONE_CHANGED', message: 'changed' });
      },
    );
    renderRoom();

    await user.click(await screen.findByRole('button', { name: 'Mark done: Escrow or title opened' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title:
          'Someone changed this milestone after you loaded it. The room now shows the latest: review it and try again.',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByText(/^Done by Pat Lee on/)).toBeTruthy();
    expect(calls(fetchMock, 'GET', ROOM).length).toBeGreaterThanOrEqual(2);
  });

  it('names the milestones still open when the deal cannot close yet', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(
      () => createRoom(),
      (url, init) =>
        init?.method === 'POST' && url.pathname === `${ROOM}/complete`
          ? json(409, {
              code: 'CLOSING_INCOMPLETE',
              message: 'Every milestone must be done before the deal can close.',
              open: ['emd-deposited', 'closed-funded'],
            })
          : undefined,
    );
    renderRoom();

    expect(await screen.findByText('10 milestones are still open.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark closed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this deal closed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark closed' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Every milestone must be done first. Still open:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['EMD deposited with escrow', 'Closed and funded']);
    expect(calls(fetchMock, 'POST', `${ROOM}/complete`)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the buyer nothing of the other buyers', async () => {
    const fetchMock = mockApi(() =>
      createRoom({
        role: 'buyer',
        // Even were the API to send a name, the buyer's room shows no backups at all.
        backups: [{ offerId: 'o2', rank: 1, buyerName: 'Lee Park' }],
        timeline: [
          ...createRoom().timeline,
          {
            at: '2026-03-02T10:00:00.000Z',
            actor: 'u1',
            actorName: 'Rosa Díaz',
            event: 'backups_set',
            detail: { count: 1 },
          },
        ],
      }),
    );
    renderRoom(['buyer']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Closing room' })).toBeTruthy();
    expect(await screen.findByText('Ana Ruiz (you)')).toBeTruthy();
    expect(screen.queryByText(/Lee Park/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Backup offers' })).toBeNull();
    expect(screen.queryByText(/backup offer/i)).toBeNull();
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(1);
    expect(calls(fetchMock, 'GET', `/api/deals/${DEAL_ID}/offers`)).toHaveLength(0);
    // The buyer withdraws; closing the deal is the seller's.
    expect(screen.getByRole('button', { name: 'Withdraw from the contract' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark closed' })).toBeNull();
    // Their own milestones only.
    expect(
      within(milestoneItem('EMD deposited with escrow')).getByRole('button', { name: /^Mark done/ }),
    ).toBeTruthy();
    expect(
      within(milestoneItem('Escrow or title opened')).queryByRole('button', { name: /^Mark done/ }),
    ).toBeNull();
  });

  it('lets the seller rank backups among the other buyers’ offers', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(
      () => createRoom(),
      (url, init) =>
        init?.method === 'PUT' && url.pathname === `/api/deals/${DEAL_ID}/backups`
          ? json(200, createRoom({ backups: [{ offerId: 'o2', rank: 1, buyerName: 'Lee Park' }] }))
          : undefined,
    );
    renderRoom();

    const first = await screen.findByRole('combobox', { name: 'Backup 1' });
    // The room's buyer and a replaced offer are no candidates.
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Lee Park · Cash $380,000 · Not selected']);
    await user.selectOptions(first, 'o2');
    const second = screen.getByRole('combobox', { name: 'Backup 2' });
    expect((within(second).getByRole('option', { name: /Lee Park/ }) as HTMLOptionElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save backups' }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Backup offers saved.' }));
    expect(bodyOf(calls(fetchMock, 'PUT', `/api/deals/${DEAL_ID}/backups`)[0])).toEqual({ offerIds: ['o2'] });
  });

  it('refuses a document that is no PDF, JPEG or PNG by its bytes before sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(() => createRoom({ milestones: [createMilestone()] }));
    renderRoom();

    const input = await screen.findByLabelText('Add a document to “Escrow or title opened”');
    await user.upload(input, new File(['just some text'], 'receipt.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload: Escrow or title opened' }));

    expect(await screen.findByText('The document must be a PDF, JPEG or PNG file.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(calls(fetchMock, 'POST', `${ROOM}/milestones/escrow-opened/documents`)).toHaveLength(0);
  });

  it('ends the contract only with a reason, then shows the room as it ended and gives it the focus', async () => {
    const user = userEvent.setup();
    let room = createRoom();
    const fetchMock = mockApi(
      () => room,
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== `${ROOM}/fall-through`) return undefined;
        room = createRoom({
          status: 'fell_through',
          endedAt: '2026-03-10T12:00:00.000Z',
          endReason: 'Inspection failed',
        });
        return json(200, room);
      },
    );
    renderRoom();

    await user.click(await screen.findByRole('button', { name: 'End the contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this contract?' });
    await user.click(within(dialog).getByRole('button', { name: 'End the contract' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', `${ROOM}/fall-through`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Inspection failed');
    await user.click(within(dialog).getByRole('button', { name: 'End the contract' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'The contract ended.' }));
    expect(bodyOf(calls(fetchMock, 'POST', `${ROOM}/fall-through`)[0])).toEqual({
      reason: 'Inspection failed',
    });
    const banner = await screen.findByTestId('room-banner');
    expect(banner.textContent).toContain('Reason: Inspection failed');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    // The panels follow the head a render later: the contract's panel goes with them.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End the contract' })).toBeNull());
    expect(document.activeElement).toBe(banner);
  });

  it("gives the room's status the focus when the other party's step takes away the control that had it", async () => {
    let room = createRoom();
    mockApi(() => room);
    const client = renderRoom();
    const end = await screen.findByRole('button', { name: 'End the contract' });
    end.focus();
    // The buyer ends the contract meanwhile; the room is read again (its realtime event does this).
    room = createRoom({
      status: 'fell_through',
      endedAt: '2026-03-10T12:00:00.000Z',
      endReason: 'Financing',
    });
    await client.invalidateQueries();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End the contract' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('room-banner')));
  });

  it('is a read-only record once the contract fell through, with its reason', async () => {
    mockApi(() =>
      createRoom({
        status: 'fell_through',
        endedAt: '2026-03-10T12:00:00.000Z',
        endReason: 'Financing fell apart',
      }),
    );
    renderRoom();

    const banner = await screen.findByTestId('room-banner');
    expect(banner.textContent).toContain('This contract ended on Mar 10, 2026. Reason: Financing fell apart');
    // The panels render after the head: what they hold is read once they show.
    expect(await screen.findByTestId('milestone-progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark done/ })).toBeNull();
    expect(screen.queryByLabelText(/^Add a document/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'End the contract' })).toBeNull();
    expect(screen.queryByLabelText('Propose a new close date')).toBeNull();
  });

  it('is the not-found page for anyone who is not a member of the room', async () => {
    mockApi(
      () => createRoom(),
      (url) =>
        url.pathname === ROOM
          ? json(404, { code: 'CLOSING_NOT_FOUND', message: 'Closing room not found' })
          : undefined,
    );
    renderRoom(['buyer']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi(() => createRoom({ milestones: [createMilestone({ overdue: true })] }));
    renderRoom();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sala de cierre' })).toBeTruthy();
    expect(screen.getByTestId('closing-legal').textContent).toBe(
      'DealClub no retiene fondos; el depósito en garantía (escrow) lo mantiene tu compañía de títulos o tu abogado.',
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Escrow o título abierto' })).toBeTruthy();
    expect(screen.getByTestId('milestone-state').textContent).toBe('Vencido');
  });
});

import { describe, expect, it } from 'vitest';
import { notificationPath } from './chat-rules';
import { addBusinessDays, closingKindOf, dueDateOf, mayTick, milestonesFor, milestoneTitle } from './closing';

describe('closing milestones', () => {
  it('are those of every deal plus the kind’s own, Hybrid being SubTo and SellerFinance', () => {
    const keys = (kind: Parameters<typeof milestonesFor>[0]) => milestonesFor(kind).map((m) => m.key);
    const every = ['emd-deposited', 'escrow-opened', 'title-commitment', 'due-diligence'];
    const last = ['closing-scheduled', 'closed-funded'];
    expect(keys(null)).toEqual([...every, ...last]);
    expect(keys('Cash')).toEqual([...every, 'proof-of-funds', ...last]);
    expect(keys('Hybrid')).toEqual([
      ...every,
      'mortgage-statement',
      'third-party-authorization',
      'insurance-lender-named',
      'loan-servicing',
      'note-and-deed-drafted',
      'servicing-agreement',
      ...last,
    ]);
    expect(keys('LeaseOption')).toEqual([...every, 'lease-option-signed', 'option-fee-paid', ...last]);
    for (const m of milestonesFor('Hybrid')) {
      expect(m.title.en).not.toBe('');
      expect(m.title.es).not.toBe(m.title.en);
    }
    expect(milestoneTitle('proof-of-funds', 'es')).toBe('Prueba de fondos');
  });

  it('follow the offer: a cash offer closes as cash, a creative one by the deal’s purchase type', () => {
    expect(closingKindOf('cash', 'SubTo')).toBe('Cash');
    expect(closingKindOf('creative', 'SellerFinance')).toBe('SellerFinance');
    expect(closingKindOf('creative', null)).toBeNull();
  });

  it('count business days without Saturdays and Sundays, and days before the close date', () => {
    // 2026-11-27 is a Friday: three business days later is Wednesday.
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(dueDateOf({ from: 'acceptance', days: 10 }, '2026-11-27', '2027-01-15')).toBe('2026-12-07');
    expect(dueDateOf({ from: 'close', daysBefore: 5 }, '2026-11-27', '2027-01-03')).toBe('2026-12-29');
    expect(dueDateOf({ from: 'close', daysBefore: 0 }, '2026-11-27', '2027-01-03')).toBe('2027-01-03');
  });

  it('are ticked by their party, either party when both, or an admin', () => {
    expect(mayTick('buyer', 'buyer')).toBe(true);
    expect(mayTick('buyer', 'seller')).toBe(false);
    expect(mayTick('both', 'seller')).toBe(true);
    expect(mayTick('seller', 'admin')).toBe(true);
  });

  it('are announced by a notification that opens the room', () => {
    expect(
      notificationPath({
        type: 'closing',
        threadId: null,
        dealInfo: { dealId: 'd1' } as Parameters<typeof notificationPath>[0]['dealInfo'],
      }),
    ).toBe('/deals/d1/closing');
  });
});

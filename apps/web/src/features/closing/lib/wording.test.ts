import { describe, expect, it } from 'vitest';
import { CLOSING_EVENTS, type ClosingTimelineEntry } from '@dealclub/shared/closing';
import { i18n, loadLocaleSection } from '@/lib/i18n';
import { partyText, sizeText, timelineNote, timelineText, titleOf } from './wording';

const DETAIL: Record<ClosingTimelineEntry['event'], ClosingTimelineEntry['detail']> = {
  opened: { closeDate: '2026-04-01', kind: 'SubTo' },
  ticked: { key: 'emd-deposited', note: 'Wired Monday' },
  unticked: { key: 'emd-deposited', note: 'The wire bounced' },
  document_uploaded: { key: 'escrow-opened', name: 'receipt.pdf', size: 1200 },
  close_date_proposed: { closeDate: '2026-04-10' },
  close_date_accepted: { closeDate: '2026-04-10', previous: '2026-04-01' },
  close_date_declined: { closeDate: '2026-04-10', previous: '2026-04-01' },
  backups_set: { count: 2 },
  fell_through: { reason: 'Inspection' },
  withdrawn: { reason: 'Financing' },
  backup_promoted: {},
  closed: { days: 31 },
  ended: { status: 'sold' },
};

const entry = (event: ClosingTimelineEntry['event']): ClosingTimelineEntry => ({
  at: '2026-03-02T10:00:00.000Z',
  actor: 'u1',
  actorName: 'Rosa Díaz',
  event,
  detail: DETAIL[event],
});

describe('the closing room’s wording', () => {
  it('words every step of the timeline in both languages', async () => {
    await Promise.all([loadLocaleSection('closing', 'en'), loadLocaleSection('closing', 'es')]);
    for (const language of ['en', 'es'] as const) {
      const t = i18n.getFixedT(language);
      for (const event of CLOSING_EVENTS) {
        const text = timelineText(t, entry(event), language);
        expect(text, `${language} ${event}`).not.toMatch(/closing\.room|\{\{/);
        expect(text.length, `${language} ${event}`).toBeGreaterThan(5);
      }
    }
    const en = i18n.getFixedT('en');
    expect(timelineText(en, entry('ticked'), 'en')).toBe('Marked “EMD deposited with escrow” done');
    expect(timelineText(en, entry('close_date_accepted'), 'en')).toBe(
      'Accepted Apr 10, 2026 as the close date (it was Apr 1, 2026)',
    );
    expect(timelineText(en, { ...entry('backups_set'), detail: { count: 0 } }, 'en')).toBe(
      'Cleared the backup offers',
    );
    expect(timelineText(en, entry('closed'), 'en')).toBe(
      'Marked the deal closed, 31 days after the offer was accepted',
    );
    expect(timelineText(en, entry('ended'), 'en')).toBe('The room ended: the deal was marked Sold');
    expect(timelineText(i18n.getFixedT('es'), entry('unticked'), 'es')).toBe(
      'Marcó «Depósito de garantía (EMD) entregado a escrow» como pendiente',
    );
    expect(timelineNote(entry('unticked'))).toBe('The wire bounced');
    expect(timelineNote(entry('fell_through'))).toBeNull();
  });

  it('names milestones, parties and sizes', async () => {
    await loadLocaleSection('closing', 'en');
    const t = i18n.getFixedT('en');
    expect(titleOf({ key: 'title-commitment' }, 'es')).toBe('Compromiso de título recibido');
    expect(titleOf({ key: 'from-a-newer-server', title: 'Survey done' }, 'en')).toBe('Survey done');
    expect(partyText(t, 'buyer', 'buyer')).toBe('Buyer (you)');
    expect(partyText(t, 'both', 'seller')).toBe('Buyer and seller (you)');
    expect(partyText(t, 'seller', 'admin')).toBe('Seller');
    expect(sizeText(t, 48_000, 'en')).toBe('47 KB');
    expect(sizeText(t, 2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });
});

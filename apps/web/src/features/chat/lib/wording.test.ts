import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createDealInfo, createMessage } from '@/test/chat';
import { dealLine, previewText, relativeTimeText, systemText } from './wording';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

describe('relative time wording', () => {
  it('says just now up to 5 seconds, then counts each unit in the singular and the plural', () => {
    expect(relativeTimeText(en, ago(5), now)).toBe('just now');
    expect(relativeTimeText(en, ago(6), now)).toBe('6 seconds ago');
    expect(relativeTimeText(en, ago(59), now)).toBe('59 seconds ago');
    expect(relativeTimeText(en, ago(60), now)).toBe('1 minute ago');
    expect(relativeTimeText(en, ago(59 * 60), now)).toBe('59 minutes ago');
    expect(relativeTimeText(en, ago(3600), now)).toBe('1 hour ago');
    expect(relativeTimeText(en, ago(23 * 3600), now)).toBe('23 hours ago');
    expect(relativeTimeText(en, ago(86_400), now)).toBe('1 day ago');
    expect(relativeTimeText(en, ago(2 * 86_400), now)).toBe('2 days ago');
    expect(relativeTimeText(en, ago(29 * 86_400), now)).toBe('29 days ago');
    expect(relativeTimeText(en, ago(30 * 86_400), now)).toBe('1 month ago');
    expect(relativeTimeText(en, ago(359 * 86_400), now)).toBe('11 months ago');
    expect(relativeTimeText(en, ago(400 * 86_400), now)).toBe('1 year ago');
    expect(relativeTimeText(en, ago(800 * 86_400), now)).toBe('2 years ago');
  });

  it('says 1 year, never 0 years, from 360 days on', () => {
    expect(relativeTimeText(en, ago(360 * 86_400), now)).toBe('1 year ago');
    expect(relativeTimeText(en, ago(364 * 86_400), now)).toBe('1 year ago');
    expect(relativeTimeText(en, ago(730 * 86_400), now)).toBe('2 years ago');
    expect(relativeTimeText(es, ago(360 * 86_400), now)).toBe('hace 1 año');
  });

  it('speaks Spanish to a Spanish reader', () => {
    expect(relativeTimeText(es, ago(2), now)).toBe('justo ahora');
    expect(relativeTimeText(es, ago(60), now)).toBe('hace 1 minuto');
    expect(relativeTimeText(es, ago(3 * 3600), now)).toBe('hace 3 horas');
  });
});

describe('the property line', () => {
  it('cuts the street at 30 characters', () => {
    const deal = createDealInfo({ address: '12345 Long Meadow Creek Boulevard North' });
    expect(dealLine(en, deal)).toBe('12345 Long Meadow Creek Boule…');
    expect(dealLine(en, deal)).toHaveLength(30);
    expect(dealLine(en, createDealInfo())).toBe('12 Oak Street');
  });

  it('words the street and unit (as the API joins them) as the deal screens do', () => {
    const deal = createDealInfo({ address: '12 Oak Street, Apt 4' });
    expect(dealLine(en, deal)).toBe('12 Oak Street, Apt 4');
    expect(dealLine(en, deal, { full: true })).toBe('12 Oak Street, Apt 4, Austin, TX 78701');
  });

  it('says Address undisclosed with the place when the street is hidden or withheld', () => {
    expect(dealLine(en, createDealInfo({ address: null }))).toBe('Address undisclosed, Austin, TX 78701');
    expect(dealLine(en, createDealInfo({ hideAddress: true }))).toBe('Address undisclosed, Austin, TX 78701');
  });

  it('gives the whole street and the place in a conversation header', () => {
    expect(dealLine(en, createDealInfo(), { full: true })).toBe('12 Oak Street, Austin, TX 78701');
    expect(dealLine(en, createDealInfo({ hideAddress: true }), { full: true })).toBe(
      'Address undisclosed, Austin, TX 78701',
    );
    expect(dealLine(es, createDealInfo({ address: null }))).toMatch(/, Austin, TX 78701$/);
  });
});

describe('system messages', () => {
  const offer = createMessage({
    kind: 'system',
    event: 'offer',
    params: { type: 'creative', amount: 15000, closeDate: '2026-04-01' },
    body: 'Can close fast.',
  });

  it('word the marketplace event in the reader language', () => {
    expect(systemText(en, offer, 'en')).toBe('Made a creative offer: $15,000, closing Apr 1, 2026');
    expect(systemText(en, { event: 'interest', params: null }, 'en')).toBe('Interested in this deal');
    expect(systemText(es, { ...offer, event: 'offer_accepted' }, 'es')).toMatch(
      /^Aceptó la oferta creativa: 15\.000/,
    );
  });

  it('are previewed with their note; my own messages start with You', () => {
    expect(previewText(en, offer, 'u1', 'en')).toBe(
      'Made a creative offer: $15,000, closing Apr 1, 2026 · Can close fast.',
    );
    expect(previewText(en, createMessage({ senderId: 'u1', body: 'See you\nthen' }), 'u1', 'en')).toBe(
      'You: See you then',
    );
  });
});

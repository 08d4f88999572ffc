/**
 * The demo club (issue 30; DECISIONS.md, Demo data and delivery): what makes the analytics screens
 * of a fresh demo look like a club in use. From a fixed seed, with its own small pseudo-random
 * sequence (never Math.random), it generates
 * - buyers across the metros of demo-club-data.ts, with buyer preferences (ZIP codes, rooms,
 *   pre-approval, monthly and down-payment limits), a buy box for most and the Certified Buyer badge
 *   (and a finished course) for a fifth of them;
 * - owners in the owners club, with buy boxes and markets;
 * - 30 days of views, favourites, interests and offers on the demo sellers' deals;
 * - feedback, roadmap votes and help votes.
 *
 * The people are a pure function of the seed and the time (`demoClubPlan`), and so is the history
 * given the deals (`demoClubHistory`); the seed writes them with a few bulk INSERTs. Their accounts
 * are made as the demo accounts are (the embedded directory and `users`), with addresses under
 * `demo.test` and the demo password, whose hash is computed once (or taken from a named demo
 * account) rather than once per person. Only the five named demo accounts are listed at start-up.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  buyBoxSchema,
  buyerPreferencesSchema,
  sellerPreferencesSchema,
  type BuyBox,
  type BuyerPreferences,
  type SearchFrequency,
} from '@dealclub/shared/preferences';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import {
  buyBoxes,
  buyerPreferences,
  dealViews,
  deals,
  favorites,
  feedback,
  helpArticles,
  helpQa,
  helpVotes,
  identityUsers,
  interests,
  offerEvents,
  offers,
  roadmapItems,
  roadmapVotes,
  sellerPreferences,
  trainingLessons,
  trainingProgress,
  users,
} from '../../db/schema';
import type { DealRow } from '../../db/rows';
import { DEMO_PASSWORD, hashPassword } from '../identity';
import { dealDisclosures } from '../trust';
import {
  DEAL_METROS,
  DEMO_FEEDBACK_ITEMS,
  DEMO_METROS,
  FIRST_NAMES,
  INTEREST_MESSAGES,
  LAST_NAMES,
  OFFER_MESSAGES,
  OWNER_COMPANIES,
  type DemoMetro,
} from './demo-club-data';

/** The fixed seed of the demo club. */
export const DEMO_CLUB_SEED = 20_261_201;
/** Generated buyers: 14 in each metro of the demo deals, 5 in every other. */
export const DEMO_CLUB_BUYERS = DEAL_METROS * 14 + (DEMO_METROS.length - DEAL_METROS) * 5;
/** A fifth of them hold the Certified Buyer badge. */
export const DEMO_CLUB_CERTIFIED = Math.round(DEMO_CLUB_BUYERS / 5);
export const DEMO_CLUB_OWNERS = OWNER_COMPANIES.length;
/** Days of history on the demo deals, today (UTC) the last: as the deal analytics chart them. */
export const DEMO_CLUB_DAYS = 30;

const DAY = 86_400_000;

/** A small deterministic pseudo-random sequence (mulberry32), as the demo deals use. */
export function demoRandom(seed: number) {
  let a = seed | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  /** A UUID (version 4 layout) drawn from the sequence: the same seed, the same ids. */
  const uuid = () => {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  /** `count` distinct items of `list`, in a drawn order. */
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(count, copy.length));
  };
  return { next, int, pick, chance, uuid, sample };
}
type Random = ReturnType<typeof demoRandom>;

export interface DemoClubPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roles: ['buyer'] | ['owner'];
  language: 'en' | 'es';
  metro: string;
  state: string;
  searchFrequency: SearchFrequency;
  certified: boolean;
  createdAt: Date;
  /** When they last changed their preferences or buy box (the buyer map's "last updated"). */
  updatedAt: Date;
  certifiedAt: Date | null;
  preferences: BuyerPreferences | null;
  buyBox: BuyBox | null;
  companyName: string | null;
  markets: { state: string; city: string }[] | null;
}

export interface DemoClubPlan {
  buyers: DemoClubPerson[];
  owners: DemoClubPerson[];
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** An e-mail address under demo.test from a person's names and number (accents dropped). */
function demoEmail(first: string, last: string, n: number, kind: 'buyer' | 'owner') {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${plain(first)}.${plain(last)}.${kind}${String(n).padStart(3, '0')}@demo.test`;
}

function buyerPreferencesOf(r: Random, metro: DemoMetro, investor: boolean): BuyerPreferences {
  // A pre-approval around the metro's price level; about one buyer in five states no budget.
  const stated = r.chance(0.8);
  const price = roundTo(metro.cost * 260_000 * (0.55 + r.next() * 1.6), 5000);
  const cash = investor && r.chance(0.25);
  const monthly = r.chance(0.9) ? roundTo(price * (0.0055 + r.next() * 0.003), 50) : null;
  const down = r.chance(0.9)
    ? roundTo(price * (cash ? 0.8 + r.next() * 0.2 : 0.05 + r.next() * 0.2), 1000)
    : null;
  const bedrooms = r.chance(0.85) ? r.int(1, 4) : null;
  return buyerPreferencesSchema.parse({
    useCase: investor ? 'investment' : 'primary',
    homeType: r.pick(['no-preference', 'no-preference', 'single-story', 'multi-story'] as const),
    state: metro.state,
    city: metro.city,
    zipCodes: r.sample(metro.zips, r.int(1, 3)).sort(),
    propertyTypes: r.chance(0.3)
      ? []
      : r.sample(
          investor
            ? ['singleFamily', '24unit', 'condo', 'townhouse']
            : ['singleFamily', 'condo', 'townhouse'],
          r.int(1, 2),
        ),
    minYearBuilt: r.chance(0.3) ? r.pick([1950, 1970, 1980, 1990, 2000]) : null,
    minSquareFootage: r.chance(0.4) ? roundTo(700 + r.next() * 1500, 100) : null,
    bedrooms,
    bathrooms: bedrooms === null ? null : r.pick([1, 1, 1.5, 2, 2, 2.5, 3]),
    maxMonthlyPayment: monthly,
    maxDownPayment: down,
    excludeHoa: r.chance(0.2),
    condition: r.pick(
      investor
        ? (['no-preference', 'minor-work', 'fixer-upper', 'fixer-upper', 'teardown'] as const)
        : (['no-preference', 'move-in-ready', 'move-in-ready', 'minor-work'] as const),
    ),
    schools: r.pick(['no-preference', 'nice-to-have', 'must-have'] as const),
    publicTransport: r.pick(['no-preference', 'no-preference', 'nice-to-have'] as const),
    rentalPotential: investor ? r.pick(['nice-to-have', 'must-have'] as const) : 'no-preference',
    preApproved: stated,
    preApprovedAmount: stated ? price : null,
    financingType: cash ? 'cash' : r.pick(['conventional', 'conventional', 'fha', 'va', 'other'] as const),
    creditScoreRange: r.pick(['excellent', 'good', 'good', 'fair', 'prefer-not-to-say'] as const),
  });
}

/** The buy box of a person in `metro`: a deal type, and ZIPs of the metro (or none: the whole city). */
function buyBoxOf(r: Random, metro: DemoMetro, zips: readonly string[]): BuyBox {
  return buyBoxSchema.parse({
    type: r.pick(['any', 'any', 'SubTo', 'SellerFinance', 'cash', 'Hybrid', 'LeaseOption'] as const),
    state: metro.state,
    city: metro.city,
    zipCodes: r.chance(0.15) ? [] : [...new Set([...zips, ...r.sample(metro.zips, r.int(1, 4))])].sort(),
  });
}

function person(
  r: Random,
  index: number,
  kind: 'buyer' | 'owner',
  metro: DemoMetro,
  now: number,
): Omit<DemoClubPerson, 'certified' | 'certifiedAt' | 'preferences' | 'buyBox' | 'companyName' | 'markets'> {
  const firstName = r.pick(FIRST_NAMES);
  const lastName = r.pick(LAST_NAMES);
  const createdAt = new Date(now - r.int(35, 400) * DAY - r.int(0, DAY / 1000) * 1000);
  const updatedAt = new Date(
    Math.max(createdAt.getTime(), now - r.int(0, 90) * DAY - r.int(0, DAY / 1000) * 1000),
  );
  return {
    id: r.uuid(),
    email: demoEmail(firstName, lastName, index + 1, kind),
    firstName,
    lastName,
    phoneNumber: `${metro.area}5550${String(100 + (index % 100)).padStart(3, '0')}`,
    roles: kind === 'owner' ? ['owner'] : ['buyer'],
    language: /[áéíóú]/.test(firstName + lastName) || r.chance(0.12) ? 'es' : 'en',
    metro: metro.city,
    state: metro.state,
    searchFrequency: r.pick(['realtime', 'daily', 'daily', 'weekly'] as const),
    createdAt,
    updatedAt,
  };
}

/**
 * The demo club's people at `now`: DEMO_CLUB_BUYERS buyers (a fifth certified) and DEMO_CLUB_OWNERS
 * owners. The same seed and time give the same people, ids included.
 */
export function demoClubPlan(seed = DEMO_CLUB_SEED, now = Date.now()): DemoClubPlan {
  const r = demoRandom(seed);
  const buyers: DemoClubPerson[] = [];
  DEMO_METROS.forEach((metro, m) => {
    const count = m < DEAL_METROS ? 14 : 5;
    for (let k = 0; k < count; k++) {
      const base = person(r, buyers.length, 'buyer', metro, now);
      const investor = r.chance(0.6);
      const preferences = buyerPreferencesOf(r, metro, investor);
      buyers.push({
        ...base,
        certified: false,
        certifiedAt: null,
        preferences,
        buyBox: r.chance(0.6) ? buyBoxOf(r, metro, preferences.zipCodes) : null,
        companyName: null,
        markets: null,
      });
    }
  });
  for (const index of r.sample(
    buyers.map((_, i) => i),
    DEMO_CLUB_CERTIFIED,
  )) {
    const buyer = buyers[index]!;
    buyer.certified = true;
    buyer.certifiedAt = new Date(Math.max(buyer.createdAt.getTime() + 3 * DAY, now - r.int(1, 120) * DAY));
  }
  const owners = OWNER_COMPANIES.map((companyName, i) => {
    // One owner per metro of the demo deals first, then farther afield.
    const metro = DEMO_METROS[(i * 5) % DEMO_METROS.length]!;
    const base = person(r, i, 'owner', metro, now);
    const nearby = DEMO_METROS.filter((m) => m.state === metro.state && m !== metro);
    const markets =
      i % 2 === 0
        ? sellerPreferencesSchema.parse({
            markets: [metro, ...r.sample(nearby, 2)].map((m) => ({ state: m.state, city: m.city })),
            dealTypes: r.sample(['cash', 'SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'], r.int(1, 3)),
          }).markets
        : null;
    return {
      ...base,
      certified: false,
      certifiedAt: null,
      preferences: null,
      buyBox: buyBoxOf(r, metro, r.sample(metro.zips, 2)),
      companyName,
      markets,
    };
  });
  return { buyers, owners };
}

/** A demo deal as the history reads it. */
export interface DemoClubDeal {
  id: string;
  status: string;
  category: string;
  state: string;
  purchasePrice: number;
  entryFee: number | null;
  createdAt: Date;
  /** Disclosure keys a creative offer acknowledges. */
  disclosures: string[];
}

export interface DemoClubHistory {
  views: { dealId: string; viewerId: string; day: string }[];
  favorites: { dealId: string; userId: string; createdAt: Date }[];
  interests: { id: string; dealId: string; buyerId: string; message: string; createdAt: Date }[];
  offers: {
    id: string;
    dealId: string;
    buyerId: string;
    type: 'cash' | 'creative';
    purchasePrice: number | null;
    entryFee: number | null;
    estimatedCloseDate: string;
    message: string;
    acknowledgedRisks: string[];
    createdAt: Date;
  }[];
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOfUtcDay = (t: number) => Math.floor(t / DAY) * DAY;

/** A moment of the UTC day starting at `dayStart`, never after `now`. */
function momentIn(r: Random, dayStart: number, now: number) {
  const span = Math.min(DAY, now - dayStart);
  return new Date(dayStart + Math.floor(r.next() * Math.max(1, span)));
}

/**
 * The last DEMO_CLUB_DAYS days of the demo deals (`deals` in a stable order): who viewed each deal
 * on which day, and of them who saved it, wrote to the seller and made an offer, each on a day of
 * its own at or after their first view. Buyers mostly look near home; only certified buyers see an
 * exclusive deal; deals no longer on the market take no interest or offer and few views.
 */
export function demoClubHistory(
  dealsInOrder: readonly DemoClubDeal[],
  buyers: readonly Pick<DemoClubPerson, 'id' | 'state' | 'certified'>[],
  seed = DEMO_CLUB_SEED,
  now = Date.now(),
): DemoClubHistory {
  const r = demoRandom(seed ^ 0x5eed);
  const history: DemoClubHistory = { views: [], favorites: [], interests: [], offers: [] };
  const today = startOfUtcDay(now);
  const firstDay = today - (DEMO_CLUB_DAYS - 1) * DAY;
  for (const deal of dealsInOrder) {
    const onMarket = deal.status === 'active' || deal.status === 'exclusive';
    const pool = buyers.filter((b) => deal.status !== 'exclusive' || b.certified);
    const local = pool.filter((b) => b.state === deal.state);
    if (pool.length === 0) continue;
    const popularity = 0.5 + r.next() * 1.5;
    const listedDay = Math.max(firstDay, startOfUtcDay(deal.createdAt.getTime()));
    const firstSeen = new Map<string, number>();
    for (let day = listedDay; day <= today; day += DAY) {
      const age = (day - startOfUtcDay(deal.createdAt.getTime())) / DAY;
      const weekday = new Date(day).getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 1.35 : 1;
      // New listings draw a crowd that thins out; off-market deals are still looked up now and then.
      const freshness = 1 + 2 / (1 + age / 3);
      const wanted = Math.round(
        popularity * weekly * freshness * (onMarket ? 3 + r.next() * 4 : r.next() * 1.5),
      );
      const seen = new Set<string>();
      for (let k = 0; k < wanted * 2 && seen.size < wanted; k++) {
        const from = local.length > 0 && r.chance(0.75) ? local : pool;
        seen.add(r.pick(from).id);
      }
      for (const viewerId of [...seen].sort()) {
        history.views.push({ dealId: deal.id, viewerId, day: isoDay(day) });
        if (!firstSeen.has(viewerId)) firstSeen.set(viewerId, day);
      }
    }
    const laterDay = (from: number) => Math.min(today, from + r.int(0, 3) * DAY);
    for (const [buyerId, seenDay] of firstSeen) {
      if (!r.chance(0.16)) continue;
      history.favorites.push({
        dealId: deal.id,
        userId: buyerId,
        createdAt: momentIn(r, laterDay(seenDay), now),
      });
      if (!onMarket || !r.chance(0.55)) continue;
      const interestDay = laterDay(seenDay);
      history.interests.push({
        id: r.uuid(),
        dealId: deal.id,
        buyerId,
        message: r.pick(INTEREST_MESSAGES),
        createdAt: momentIn(r, interestDay, now),
      });
      if (!r.chance(0.5)) continue;
      const cash = deal.category === 'cash';
      const fee = deal.entryFee ?? Math.round(deal.purchasePrice * 0.08);
      history.offers.push({
        id: r.uuid(),
        dealId: deal.id,
        buyerId,
        type: cash ? 'cash' : 'creative',
        purchasePrice: cash ? roundTo(deal.purchasePrice * (0.86 + r.next() * 0.13), 1000) : null,
        entryFee: cash ? null : roundTo(fee * (0.6 + r.next() * 0.4), 500),
        estimatedCloseDate: isoDay(today + r.int(21, 75) * DAY),
        message: r.pick(OFFER_MESSAGES),
        acknowledgedRisks: cash ? [] : deal.disclosures,
        createdAt: momentIn(r, laterDay(interestDay), now),
      });
    }
  }
  return history;
}

/** Rows at a time in one INSERT: far below PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 1000;

async function insertAll<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function demoPasswordHash(db: Db): Promise<string> {
  // The named demo accounts hold the demo password already: their hash is the people's.
  const [named] = await db
    .select({ hash: identityUsers.passwordHash })
    .from(identityUsers)
    .where(eq(identityUsers.username, 'buyer@demo.test'));
  return named?.hash ?? hashPassword(DEMO_PASSWORD);
}

async function writePeople(db: Db, people: DemoClubPerson[], passwordHash: string) {
  await insertAll(people, (chunk) =>
    db.insert(identityUsers).values(
      chunk.map((p) => ({
        sub: p.id,
        username: p.email,
        email: p.email,
        emailVerified: true,
        passwordHash,
        status: 'CONFIRMED',
        attributes: {
          given_name: p.firstName,
          family_name: p.lastName,
          phone_number: p.phoneNumber,
          locale: p.language,
        },
        groups: p.roles,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    ),
  );
  await insertAll(people, (chunk) =>
    db.insert(users).values(
      chunk.map((p) => ({
        id: p.id,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        phoneNumber: p.phoneNumber,
        roles: p.roles,
        languagePreference: p.language,
        searchFrequency: p.searchFrequency,
        companyName: p.companyName,
        certifiedBuyer: p.certified,
        certifiedAt: p.certifiedAt,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })),
    ),
  );
  const withPreferences = people.filter((p) => p.preferences);
  await insertAll(withPreferences, (chunk) =>
    db
      .insert(buyerPreferences)
      .values(chunk.map((p) => ({ ...p.preferences!, userId: p.id, updatedAt: p.updatedAt }))),
  );
  const withBuyBox = people.filter((p) => p.buyBox);
  await insertAll(withBuyBox, (chunk) =>
    db.insert(buyBoxes).values(chunk.map((p) => ({ ...p.buyBox!, userId: p.id, updatedAt: p.updatedAt }))),
  );
  const withMarkets = people.filter((p) => p.markets);
  await insertAll(withMarkets, (chunk) =>
    db.insert(sellerPreferences).values(
      chunk.map((p) => ({
        userId: p.id,
        markets: p.markets!,
        dealTypes: ['cash', 'SubTo', 'SellerFinance'],
        updatedAt: p.updatedAt,
      })),
    ),
  );
}

/** The certified buyers finished every published lesson, a day apart, before their badge. */
async function writeTraining(db: Db, certified: DemoClubPerson[]) {
  const lessons = await db
    .select({ id: trainingLessons.id })
    .from(trainingLessons)
    .where(eq(trainingLessons.published, true))
    .orderBy(asc(trainingLessons.position));
  const rows = certified.flatMap((p) =>
    lessons.map((lesson, i) => {
      const completedAt = new Date(p.certifiedAt!.getTime() - (lessons.length - 1 - i) * DAY);
      return {
        userId: p.id,
        lessonId: lesson.id,
        attempts: 1 + (i % 3 === 2 ? 1 : 0),
        reachedAt: new Date(completedAt.getTime() - 3_600_000),
        completedAt,
      };
    }),
  );
  await insertAll(rows, (chunk) => db.insert(trainingProgress).values(chunk));
}

/** The demo sellers' deals, in a stable order (listing time, then address). */
async function demoDeals(db: Db): Promise<DemoClubDeal[]> {
  const sellers = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['seller@demo.test', 'owner@demo.test']));
  if (sellers.length === 0) return [];
  const rows: DealRow[] = await db
    .select()
    .from(deals)
    .where(
      and(
        inArray(
          deals.originatorId,
          sellers.map((s) => s.id),
        ),
        ne(deals.status, 'deleted'),
      ),
    )
    .orderBy(asc(deals.createdAt), asc(deals.streetAddress));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    category: row.category,
    state: row.state,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    createdAt: row.createdAt,
    disclosures: row.category === 'cash' ? [] : dealDisclosures(row).map((d) => d.key),
  }));
}

async function writeHistory(db: Db, history: DemoClubHistory) {
  await insertAll(history.views, (chunk) => db.insert(dealViews).values(chunk).onConflictDoNothing());
  await insertAll(history.favorites, (chunk) => db.insert(favorites).values(chunk).onConflictDoNothing());
  await insertAll(history.interests, (chunk) =>
    db
      .insert(interests)
      .values(chunk.map((i) => ({ ...i, updatedAt: i.createdAt })))
      .onConflictDoNothing(),
  );
  await insertAll(history.offers, (chunk) =>
    db.insert(offers).values(chunk.map((o) => ({ ...o, status: 'open' as const, updatedAt: o.createdAt }))),
  );
  await insertAll(history.offers, (chunk) =>
    db.insert(offerEvents).values(
      chunk.map((o) => ({
        offerId: o.id,
        kind: 'submitted',
        actorId: o.buyerId,
        purchasePrice: o.purchasePrice,
        entryFee: o.entryFee,
        estimatedCloseDate: o.estimatedCloseDate,
        message: o.message,
        createdAt: o.createdAt,
      })),
    ),
  );
}

/** Feedback from the club, roadmap votes and 'Was this helpful?' answers, spread over 30 days. */
async function writeActivity(db: Db, r: Random, people: DemoClubPerson[], now: number) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const items = DEMO_FEEDBACK_ITEMS.map((item, i) => {
    const sender = r.pick(people);
    const createdAt = new Date(now - r.int(1, DEMO_CLUB_DAYS - 1) * DAY - r.int(0, 86_399) * 1000);
    const status = i % 4 === 1 ? 'resolved' : i % 4 === 3 ? 'in_progress' : 'open';
    const resolvedAt = status === 'resolved' ? new Date(createdAt.getTime() + r.int(1, 5) * 3_600_000) : null;
    return {
      type: item.type,
      comment: item.comment,
      page: item.page,
      source: i % 6 === 5 ? ('owners' as const) : ('widget' as const),
      userId: i % 6 === 5 ? null : sender.id,
      email: null,
      language: /[¿¡áéíóúñ]/.test(item.comment) ? 'es' : 'en',
      status,
      statusNote: status === 'resolved' ? 'Thanks — this is fixed in the latest release.' : null,
      createdAt,
      updatedAt: resolvedAt ?? createdAt,
      resolvedAt,
      resolvedBy: resolvedAt ? (admin?.id ?? null) : null,
    };
  });
  await db.insert(feedback).values(items);

  const roadmap = await db
    .select({ id: roadmapItems.id, status: roadmapItems.status })
    .from(roadmapItems)
    .orderBy(asc(roadmapItems.status), asc(roadmapItems.position));
  const votes = roadmap.flatMap((item, i) => {
    const share = item.status === 'done' ? 0.15 : 0.2 + ((i * 7) % 5) * 0.08;
    return people
      .filter(() => r.chance(share))
      .map((p) => ({
        itemId: item.id,
        userId: p.id,
        createdAt: new Date(now - r.int(0, DEMO_CLUB_DAYS - 1) * DAY - r.int(0, 86_399) * 1000),
      }));
  });
  await insertAll(votes, (chunk) => db.insert(roadmapVotes).values(chunk).onConflictDoNothing());

  const [articles, questions] = await Promise.all([
    db
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(eq(helpArticles.published, true))
      .orderBy(asc(helpArticles.slug)),
    db.select({ id: helpQa.id }).from(helpQa).where(eq(helpQa.published, true)).orderBy(asc(helpQa.slug)),
  ]);
  const answers = [
    ...articles.map((a) => ({ articleId: a.id, qaId: null })),
    ...questions.map((q) => ({ articleId: null, qaId: q.id })),
  ].flatMap((target) => {
    const helpfulShare = 0.6 + r.next() * 0.35;
    return r.sample(people, r.int(2, 14)).map((p) => {
      const at = new Date(now - r.int(0, DEMO_CLUB_DAYS - 1) * DAY - r.int(0, 86_399) * 1000);
      return {
        ...target,
        voter: `u:${p.id}`,
        userId: p.id,
        helpful: r.chance(helpfulShare),
        createdAt: at,
        updatedAt: at,
      };
    });
  });
  await insertAll(answers, (chunk) => db.insert(helpVotes).values(chunk).onConflictDoNothing());
}

/** What the seed wrote, by kind (its test and the benchmark read them). */
export interface DemoClubCounts {
  buyers: number;
  owners: number;
  views: number;
  favorites: number;
  interests: number;
  offers: number;
}

/** Writes the demo club at `now`: people, the 30 days of history, the activity. */
export async function seedDemoClub(db: Db, now = Date.now(), seed = DEMO_CLUB_SEED): Promise<DemoClubCounts> {
  const plan = demoClubPlan(seed, now);
  const people = [...plan.buyers, ...plan.owners];
  await writePeople(db, people, await demoPasswordHash(db));
  await writeTraining(
    db,
    plan.buyers.filter((b) => b.certified),
  );
  const history = demoClubHistory(await demoDeals(db), plan.buyers, seed, now);
  await writeHistory(db, history);
  await writeActivity(db, demoRandom(seed ^ 0xac71), people, now);
  return {
    buyers: plan.buyers.length,
    owners: plan.owners.length,
    views: history.views.length,
    favorites: history.favorites.length,
    interests: history.interests.length,
    offers: history.offers.length,
  };
}

export const demoClubSeed: Seed = {
  name: 'demo-club',
  async run(db: Db) {
    await seedDemoClub(db);
  },
  // No addresses: the start-up banner lists only the five named demo accounts.
  summary: [
    `The demo club: ${DEMO_CLUB_BUYERS} more buyers across ${DEMO_METROS.length} metros (a fifth certified), ${DEMO_CLUB_OWNERS} more owners, and 30 days of activity on the demo deals.`,
  ],
};

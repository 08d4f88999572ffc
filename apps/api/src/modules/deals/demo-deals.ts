/**
 * 60 varied demo deals (DECISIONS.md Demo mode), listed by the demo seller (40) and the demo owner
 * (20): every purchase type and cash, several states, some with hidden addresses, a few exclusive,
 * pending, sold or canceled, each with one or two generated photos (an SVG drawing of a house,
 * put through the same photo pipeline as an upload). Deterministic: the same deals every time.
 */
import { eq, inArray } from 'drizzle-orm';
import { dealSchema, type DealInput, type DealStatus } from '@dealclub/shared/deals';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import { dealPhotos, dealStatusHistory, deals, users } from '../../db/schema';
import { encodePhoto, putPhoto, type EncodedPhoto } from './photos';
import { createDeal } from './service';

const PLACES = [
  { city: 'Austin', state: 'TX', zips: ['78701', '78702', '78704', '78745'] },
  { city: 'San Antonio', state: 'TX', zips: ['78201', '78209', '78230'] },
  { city: 'Houston', state: 'TX', zips: ['77002', '77008', '77019'] },
  { city: 'Tampa', state: 'FL', zips: ['33602', '33606', '33611'] },
  { city: 'Orlando', state: 'FL', zips: ['32801', '32803', '32806'] },
  { city: 'Phoenix', state: 'AZ', zips: ['85004', '85006', '85008'] },
  { city: 'Atlanta', state: 'GA', zips: ['30303', '30306', '30312'] },
  { city: 'Charlotte', state: 'NC', zips: ['28202', '28203', '28205'] },
] as const;
const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Pecan',
  'Magnolia',
  'Willow',
  'Juniper',
  'Live Oak',
  'Sycamore',
  'Bluebonnet',
];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Blvd'];
const STORIES = [
  'Seller relocating for work and wants a quick, clean close.',
  'Low-rate loan in place; new roof in 2021 and updated HVAC.',
  'Great rental area near schools and a new shopping center.',
  'Needs cosmetic work: paint, flooring and a kitchen refresh.',
  'Tenant-occupied with a lease through next spring.',
];
const COLORS = ['#6aa6d8', '#f2a65a', '#7cc47f', '#d98cb3', '#9a8cd9', '#e5c453'];

/** A small deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function houseSvg(sky: string, wall: string, label: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="560" fill="${sky}"/><rect y="560" width="1200" height="240" fill="#5b8c4a"/>
  <circle cx="1000" cy="140" r="70" fill="#fff3b0"/>
  <polygon points="300,330 600,140 900,330" fill="#8b4a3c"/>
  <rect x="340" y="330" width="520" height="300" fill="${wall}"/>
  <rect x="560" y="470" width="90" height="160" fill="#5a3b2e"/>
  <rect x="400" y="400" width="110" height="90" fill="#dff1ff"/><rect x="700" y="400" width="110" height="90" fill="#dff1ff"/>
  <text x="600" y="740" font-family="sans-serif" font-size="44" fill="#ffffff" text-anchor="middle">${label}</text>
</svg>`);
}

export function demoDealInputs(count = 60): DealInput[] {
  const next = random(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const kinds = ['cash', 'SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const;
  return Array.from({ length: count }, (_, i) => {
    const place = PLACES[i % PLACES.length]!;
    const kind = kinds[i % kinds.length]!;
    const price = Math.round((180_000 + next() * 820_000) / 1000) * 1000;
    const balance = Math.round((price * (0.55 + next() * 0.3)) / 1000) * 1000;
    const rate = Math.round((2.5 + next() * 4) * 100) / 100;
    const base: DealInput = {
      streetAddress: `${100 + i * 7} ${pick(STREETS)} ${pick(SUFFIXES)}`,
      city: place.city,
      state: place.state,
      zipCode: pick(place.zips),
      hideAddress: i % 9 === 4,
      purchasePrice: price,
      emd: 5000 + Math.round(next() * 10) * 1000,
      expectedCloseOfEscrow: `2027-0${1 + (i % 9)}-15`,
      category: kind === 'cash' ? 'cash' : 'creative',
      purchaseType: kind === 'cash' ? null : kind,
      propertyType: pick(['singleFamily', 'singleFamily', 'condo', '24unit', 'manufactured'] as const),
      bedrooms: 2 + Math.floor(next() * 4),
      bathrooms: 1 + Math.floor(next() * 6) / 2,
      squareFootage: 900 + Math.round(next() * 2600),
      lotSize: Math.round((0.1 + next() * 0.9) * 100) / 100,
      lotSizeUnit: 'acres',
      yearBuilt: 1950 + Math.floor(next() * 74),
      solar: pick(['none', 'none', 'ownedNoPay', 'leased'] as const),
      parking: pick(['garage1', 'garage2', 'carport', 'none'] as const),
      hoaMonthlyFee: next() < 0.3 ? 50 + Math.round(next() * 250) : null,
      restrictions: next() < 0.2 ? ['noShortTerm'] : [],
      privatePool: next() < 0.15,
      description: pick(STORIES),
      tags: [pick(['motivated-seller', 'fix-and-flip', 'rental-property', 'off-market'] as const)],
      legalCertification: true,
      exclusive: i % 15 === 3,
    };
    const subTo = {
      loanType: pick(['Conventional', 'FHA', 'VA'] as const),
      interestRate: rate,
      loanBalance: balance,
      loanMaturityDate: `20${45 + Math.floor(next() * 8)}-06-01`,
      piti: Math.round(balance * 0.0065),
      entryFee: 5000 + Math.round(next() * 40) * 1000,
    };
    const sellerFinance = {
      sellerLoanAmount: Math.round((price - balance) * 0.6),
      sellerInterestRate: Math.round((3 + next() * 5) * 100) / 100,
      piMonthlyPayment: 300 + Math.round(next() * 900),
      sellerLoanMaturity: `20${30 + Math.floor(next() * 8)}-01-01`,
      deedTransferType: pick(['DeedTransfer', 'ExecutoryContract'] as const),
    };
    if (kind === 'SubTo') return { ...base, ...subTo };
    if (kind === 'SellerFinance')
      return { ...base, ...sellerFinance, entryFee: 10000 + Math.round(next() * 30) * 1000 };
    if (kind === 'Hybrid') return { ...base, ...subTo, ...sellerFinance };
    if (kind === 'LeaseOption') {
      return {
        ...base,
        optionFee: 4000 + Math.round(next() * 20) * 1000,
        optionSalePrice: price + 20000,
        optionTermYears: 1 + Math.floor(next() * 3),
        monthlyLeasePayment: 1400 + Math.round(next() * 1600),
        monthlyPaymentCredited: true,
        monthlyCreditAmount: 200,
        securityDeposit: 2500,
        petsAllowed: true,
        allowedPetTypes: ['dogs', 'cats'],
      };
    }
    return base;
  });
}

/** The later statuses some demo deals move to, by index. */
const LATER: Partial<Record<number, DealStatus>> = {
  7: 'pending',
  19: 'pending',
  11: 'sold',
  23: 'sold',
  31: 'canceled',
};

export const demoDealsSeed: Seed = {
  name: 'demo-deals',
  async run(db: Db, { storage }) {
    const owners = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['seller@demo.test', 'owner@demo.test']));
    const seller = owners.find((u) => u.email === 'seller@demo.test')?.id;
    const owner = owners.find((u) => u.email === 'owner@demo.test')?.id;
    if (!seller || !owner) return;
    const inputs = demoDealInputs();
    // Deals in the same city with the same colours share a drawing: each drawing is encoded once
    // (about 0.15 s each) and stored under each deal's own keys, as an upload would be.
    const encoded = new Map<string, Promise<EncodedPhoto>>();
    const encodeOnce = (svg: Buffer) => {
      const id = svg.toString();
      let photo = encoded.get(id);
      if (!photo) encoded.set(id, (photo = encodePhoto(svg)));
      return photo;
    };
    for (const [i, input] of inputs.entries()) {
      const values = dealSchema.parse(input);
      const row = await createDeal(db, i % 3 === 2 ? owner : seller, values, 48);
      // Spread the listing dates over the last two months, newest first in the list.
      const listedAt = new Date(Date.now() - (inputs.length - i) * 22 * 3_600_000);
      await db.update(deals).set({ createdAt: listedAt, updatedAt: listedAt }).where(eq(deals.id, row.id));
      const later = LATER[i];
      if (later) {
        await db.update(deals).set({ status: later }).where(eq(deals.id, row.id));
        await db.insert(dealStatusHistory).values({
          dealId: row.id,
          status: later,
          source: 'platform',
          reason: later === 'canceled' ? 'Seller decided to keep the property' : null,
          actorId: row.originatorId,
        });
      }
      if (!storage) continue;
      const photos = i % 4 === 0 ? 2 : 1;
      for (let p = 0; p < photos; p++) {
        const svg = houseSvg(
          COLORS[(i + p) % COLORS.length]!,
          p ? '#f4efe6' : '#e9e2d0',
          `${values.city}, ${values.state}`,
        );
        const stored = await putPhoto(storage, await encodeOnce(svg));
        await db.insert(dealPhotos).values({ dealId: row.id, position: p, ...stored });
      }
    }
  },
  summary: ['60 demo deals are listed by seller@demo.test and owner@demo.test.'],
};

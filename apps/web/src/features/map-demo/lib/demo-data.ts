/**
 * The generated national data set of `/map-optimization-demo`: every US ZIP code (their centroids,
 * `virtual:zip-centroids`) with a made-up number of buyers and average monthly payment, the same on
 * every visit (a seeded generator), in typed arrays so that 41,000 points cost a few hundred KB.
 */

/** Monthly payment buckets of the colour legend (upper bounds, dollars; the last is open). */
export const PAYMENT_BUCKETS = [1000, 1500, 2000, 2500, 3000] as const;
/** The map's background; each bucket's colour keeps 3:1 against it (WCAG 1.4.11). */
export const MAP_BACKGROUND = '#f8fafc';
export const BUCKET_COLOURS = ['#0891b2', '#2563eb', '#1d4ed8', '#1e3a8a', '#7c3aed', '#be185d'] as const;

export interface DemoData {
  size: number;
  zips: Uint32Array;
  lat: Float32Array;
  lng: Float32Array;
  buyers: Uint16Array;
  monthly: Uint16Array;
  /** The colour bucket of each ZIP's average monthly payment (index into BUCKET_COLOURS). */
  bucket: Uint8Array;
  totalBuyers: number;
}

/** mulberry32: a small, fast generator of [0, 1) numbers from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function bucketOf(monthly: number): number {
  const index = PAYMENT_BUCKETS.findIndex((limit) => monthly < limit);
  return index === -1 ? PAYMENT_BUCKETS.length : index;
}

/** The ZIP code as written (five digits). */
export const zipText = (zip: number) => String(zip).padStart(5, '0');

/** Unpacks `[ZIP − previous ZIP, latitude × 100, longitude × 100]…` and generates the buyers. */
export function demoData(packed: readonly number[], seed = 2026): DemoData {
  const size = Math.floor(packed.length / 3);
  const data: DemoData = {
    size,
    zips: new Uint32Array(size),
    lat: new Float32Array(size),
    lng: new Float32Array(size),
    buyers: new Uint16Array(size),
    monthly: new Uint16Array(size),
    bucket: new Uint8Array(size),
    totalBuyers: 0,
  };
  const random = seededRandom(seed);
  let zip = 0;
  for (let i = 0; i < size; i++) {
    zip += packed[i * 3]!;
    data.zips[i] = zip;
    data.lat[i] = packed[i * 3 + 1]! / 100;
    data.lng[i] = packed[i * 3 + 2]! / 100;
    // Most ZIPs have a few buyers, a few have many (a fourth power puts the tail in a few places).
    const buyers = 1 + Math.floor(60 * random() ** 4);
    const monthly = Math.round((700 + 3300 * random() ** 1.5) / 10) * 10;
    data.buyers[i] = buyers;
    data.monthly[i] = monthly;
    data.bucket[i] = bucketOf(monthly);
    data.totalBuyers += buyers;
  }
  return data;
}

/** Totals per state-sized area are not in the data; the table groups by ZIP prefix (first digit). */
export function buyersByRegion(data: DemoData): { region: string; zips: number; buyers: number }[] {
  const zips = new Array<number>(10).fill(0);
  const buyers = new Array<number>(10).fill(0);
  for (let i = 0; i < data.size; i++) {
    const region = Math.floor(data.zips[i]! / 10000);
    zips[region]!++;
    buyers[region]! += data.buyers[i]!;
  }
  return zips.map((count, region) => ({ region: `${region}xxxx`, zips: count, buyers: buyers[region]! }));
}

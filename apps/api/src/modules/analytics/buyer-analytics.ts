/**
 * Where the buyers are (DECISIONS.md, Analytics and maps): the buyers whose buyer preferences or buy
 * box name a ZIP code, counted per ZIP with the averages of their maximum down and monthly payments
 * and the time of their newest change. Two readers:
 * - the public ZIP analytics of one ZIP (`/zip/{zipCode}/analytics`: first name and last initial);
 * - the seller side's buyer map (`/buyers`): every ZIP at once, under the budget and room filters,
 *   with a list of the buyers in name order, a page at a time, and how many buyers stated no budget
 *   (a budget cap is on the pre-approval amount: those without one are counted apart).
 *
 * Both are aggregates in SQL, kept in memory per answer and used while the buyers' data version holds:
 * the newest `updated_at` of buyer preferences and buy boxes (read on every request, one index
 * look-up each, so a change through any instance shows on every instance), together with a counter
 * this process bumps when it saves preferences or a buy box (two saves within one millisecond). The
 * rest of what the answers show (a deactivation, a new name, a certification) is at most
 * CACHE_MAX_AGE_MS old.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  publicBuyerName,
  ZIP_BUYER_LIST_MAX,
  type BuyerAnalyticsFilters,
  type BuyerListItem,
  type BuyerZip,
  type ZipAnalytics,
} from '@dealclub/shared/analytics';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { prepareNamed } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import { encodeCursor } from '../../lib/cursor';
import { CachedBody } from '../../lib/cached-body';
import { VersionedCache } from '../../lib/versioned-cache';

/** How old a cached answer may be whatever the version says (deactivations, names, badges). */
export const CACHE_MAX_AGE_MS = 60_000;

const BUYER_ROLES = `{${BUYER_SIDE.join(',')}}`;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** SQL: the active buyer-side user `u` (preferences `bp` and buy box `bb` left-joined to it). */
const isActiveBuyer = sql.raw(`u.is_active and u.roles && '${BUYER_ROLES}'::text[]`);

/**
 * SQL: the map's filters on the buyer's preferences `bp`, as placeholders (the statement's shape).
 * `budget: false` leaves the budget cap out (the count of buyers who stated no budget).
 */
function filtersSql(filters: BuyerAnalyticsFilters, { budget = true } = {}): SQL {
  const parts: SQL[] = [];
  if (budget && filters.maxPrice !== undefined)
    parts.push(sql`bp.pre_approved_amount <= ${sql.placeholder('maxPrice')}::integer`);
  if (filters.minBedrooms !== undefined)
    parts.push(sql`bp.bedrooms >= ${sql.placeholder('minBedrooms')}::integer`);
  if (filters.minBathrooms !== undefined)
    parts.push(sql`bp.bathrooms >= ${sql.placeholder('minBathrooms')}::numeric`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

function filterParams(filters: BuyerAnalyticsFilters): Record<string, number> {
  const params: Record<string, number> = {};
  if (filters.maxPrice !== undefined) params.maxPrice = filters.maxPrice;
  if (filters.minBedrooms !== undefined) params.minBedrooms = filters.minBedrooms;
  if (filters.minBathrooms !== undefined) params.minBathrooms = filters.minBathrooms;
  return params;
}

/** The map's filters as a cache key (the ZIP filter narrows the list only). */
const filtersKey = (filters: BuyerAnalyticsFilters) => JSON.stringify(filterParams(filters));

/** A page of the list from `rows` (one more than `limit` when there is a next page). */
function pageOf(rows: BuyerListItem[], limit: number, total: number) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null, total };
}

const shapeOf = (filters: BuyerAnalyticsFilters) =>
  ['maxPrice', 'minBedrooms', 'minBathrooms']
    .filter((k) => filters[k as keyof BuyerAnalyticsFilters] !== undefined)
    .join(',');

/** The buyer map's ZIPs under one set of filters, with its JSON written once. */
export interface BuyerMap {
  /** `zips` as JSON text, sent as it is. */
  zipsJson: string;
  /** The ZIPs, in ZIP order (a region's are sliced from them). */
  zips: BuyerZip[];
  /** `regions` as JSON text: the ZIPs by their first three digits. */
  regionsJson: string;
  /** Buyers per ZIP (the list's total when it is narrowed to one ZIP). */
  counts: Map<string, number>;
  /** Buyers on the map (each once, however many ZIPs they name). */
  total: number;
  /**
   * Buyers who would be on the map under the room filters but stated no budget (no pre-approval
   * amount): left out by a budget cap, so counted apart rather than silently dropped.
   */
  withoutBudget: number;
  lastUpdated: string | null;
}

/** The statements, built once per database handle (and shape) and prepared under names of their text. */
function statementsOf(db: Db) {
  const version = prepareNamed(
    'buyer_data_version',
    db
      .select({
        version: sql<
          string | null
        >`greatest((select max(updated_at) from buyer_preferences), (select max(updated_at) from buy_boxes))::text`,
      })
      .from(sql`(values (1)) as one(n)`),
  );

  const zipParam = sql`array[${sql.placeholder('zip')}::text]`;
  const zip = prepareNamed(
    'zip_analytics',
    db
      .select({
        zipCode: sql<string>`z.zip`,
        city: sql<string>`z.city`,
        state: sql<string>`z.state`,
        latitude: sql<number>`z.latitude`,
        longitude: sql<number>`z.longitude`,
        buyerCount: sql<number>`s.buyer_count`,
        averageDownPayment: sql<number | null>`s.average_down`,
        averageMonthlyPayment: sql<number | null>`s.average_monthly`,
        lastUpdated: sql<string | null>`s.last_updated`,
        buyers: sql<
          { firstName: string; initial: string; maxMonthlyPayment: number | null; certified: boolean }[]
        >`s.buyers`,
      })
      .from(
        sql`zip_codes z cross join lateral (
          select count(*)::int as buyer_count,
            round(avg(bp.max_down_payment))::int as average_down,
            round(avg(bp.max_monthly_payment))::int as average_monthly,
            to_char(max(greatest(bp.updated_at, bb.updated_at)) at time zone 'UTC', ${sql.raw(ISO_UTC)}) as last_updated,
            -- Only what the public page shows: the first name and the last name's initial.
            coalesce(array_to_json((array_agg(json_build_object('firstName', u.first_name,
                'initial', left(btrim(u.last_name), 1), 'maxMonthlyPayment', bp.max_monthly_payment,
                'certified', u.certified_buyer)
              order by u.certified_buyer desc, u.first_name, left(btrim(u.last_name), 1), u.id))[1:${sql.raw(String(ZIP_BUYER_LIST_MAX))}]), '[]') as buyers
          from users u
          left join buyer_preferences bp on bp.user_id = u.id
          left join buy_boxes bb on bb.user_id = u.id
          where u.id in (select user_id from buyer_preferences where zip_codes @> ${zipParam}
              union all select user_id from buy_boxes where zip_codes @> ${zipParam})
            and ${isActiveBuyer}
        ) s`,
      )
      .where(sql`z.zip = ${sql.placeholder('zip')}`),
  );

  return { version, zip };
}

/**
 * A statement of our own SQL, read through a select of its columns (`select q.a, q.b from (…) q`)
 * so that it is prepared like the builder's (named by its text, planned once per connection).
 */
function rawStatement(db: Db, name: string, query: SQL, columns: readonly string[]) {
  const selection = Object.fromEntries(columns.map((c) => [c, sql.raw(`q."${c}"`)]));
  return prepareNamed(name, db.select(selection).from(sql`(${query}) as q`)) as unknown as {
    execute(params: Record<string, unknown>): Promise<Record<string, unknown>[]>;
  };
}

/**
 * The analytics of buyers' places for one app: its caches and statements. `changed()` is called
 * where this process saves preferences or a buy box.
 */
export class BuyerAnalytics {
  private generation = 0;
  private readonly zipCache = new VersionedCache<CachedBody | null>({
    maxBytes: 16 * 2 ** 20,
    maxAgeMs: CACHE_MAX_AGE_MS,
    sizeOf: (body) => (body?.size ?? 0) + 64,
  });
  private readonly mapCache = new VersionedCache<BuyerMap>({
    maxBytes: 64 * 2 ** 20,
    maxAgeMs: CACHE_MAX_AGE_MS,
    // Characters of JSON, and about as much again for the counts.
    sizeOf: (map) => map.zipsJson.length * 3 + map.regionsJson.length + 64,
  });
  private readonly answerCache = new VersionedCache<CachedBody>({
    maxBytes: 64 * 2 ** 20,
    maxAgeMs: CACHE_MAX_AGE_MS,
    sizeOf: (body) => body.size + 64,
  });
  private statements: ReturnType<typeof statementsOf> | undefined;
  private readonly mapStatements = new Map<string, ReturnType<typeof rawStatement>>();
  private readonly listStatements = new Map<string, ReturnType<typeof rawStatement>>();

  /**
   * @param zipDetailMax a map naming more ZIP codes than this sends its regions on the first page
   *   instead (config `BUYER_MAP_ZIP_DETAIL_MAX`): a national map's ZIP by ZIP was half a megabyte
   *   compressed per seller (docs/benchmarks.md).
   */
  constructor(
    private readonly db: Db,
    private readonly zipDetailMax = 1000,
  ) {}

  /** Preferences or a buy box were saved here: nothing cached before is used again. */
  changed(): void {
    this.generation++;
    this.zipCache.clear();
    this.mapCache.clear();
    this.answerCache.clear();
  }

  private get prepared() {
    return (this.statements ??= statementsOf(this.db));
  }

  /** The version the cached answers are kept under: one statement, two index look-ups. */
  private async version(): Promise<string> {
    const [row] = await this.prepared.version.execute();
    return `${row?.version ?? 'none'}|${this.generation}`;
  }

  /** The public analytics of a ZIP; 404 for a ZIP the reference data does not know. */
  async zipAnalytics(zipCode: string): Promise<CachedBody> {
    const body = await this.zipCache.get(zipCode, await this.version(), async () => {
      const [row] = await this.prepared.zip.execute({ zip: zipCode });
      if (!row) return null;
      const answer: ZipAnalytics = {
        zipCode: row.zipCode,
        city: row.city,
        state: row.state,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        buyerCount: Number(row.buyerCount),
        averageDownPayment: row.averageDownPayment === null ? null : Number(row.averageDownPayment),
        averageMonthlyPayment: row.averageMonthlyPayment === null ? null : Number(row.averageMonthlyPayment),
        lastUpdated: row.lastUpdated,
        buyers: row.buyers.map((b) => ({
          name: publicBuyerName(b.firstName, b.initial),
          maxMonthlyPayment: b.maxMonthlyPayment,
          certified: b.certified,
        })),
      };
      return new CachedBody(JSON.stringify(answer));
    });
    if (body === null) throw new AppError('NOT_FOUND');
    return body;
  }

  /**
   * An answer of `GET /api/analytics/buyers`, whole: the totals and a page of buyers, and with the
   * first page of the whole list every ZIP, or every region of a map of more than `zipDetailMax`
   * ZIPs (later pages and the list of one ZIP leave both null: the map is the same); with `region`,
   * that region's ZIPs. Written once per version, filters and page.
   */
  async buyerMapAnswer(filters: BuyerAnalyticsFilters, afterId: string | undefined, limit: number) {
    const version = await this.version();
    const key = `${filtersKey(filters)}|${filters.zipCode ?? ''}|${filters.region ?? ''}|${afterId ?? ''}|${limit}`;
    return this.answerCache.get(key, version, async () => {
      const [map, rows] = await Promise.all([
        this.mapAt(version, filters),
        this.buyerList(filters, afterId, limit + 1),
      ]);
      const first = !afterId && !filters.zipCode;
      const detail = map.zips.length <= this.zipDetailMax;
      const region = filters.region;
      const zipsJson = region
        ? JSON.stringify(map.zips.filter((z) => z.zipCode.startsWith(region)))
        : first && detail
          ? map.zipsJson
          : 'null';
      const regionsJson = !region && first && !detail ? map.regionsJson : 'null';
      const total = filters.zipCode ? (map.counts.get(filters.zipCode) ?? 0) : map.total;
      return new CachedBody(
        `{"zips":${zipsJson},"regions":${regionsJson},"zipCount":${map.zips.length},"totalBuyers":${map.total},"buyersWithoutBudget":${map.withoutBudget},"lastUpdated":${JSON.stringify(map.lastUpdated)},"buyers":${JSON.stringify(pageOf(rows, limit, total))}}`,
      );
    });
  }

  /** The map's ZIPs under `filters` (the ZIP filter aside: it narrows the list only), at `version`. */
  private mapAt(version: string, filters: BuyerAnalyticsFilters): Promise<BuyerMap> {
    return this.mapCache.get(filtersKey(filters), version, async () => {
      const [row] = (await this.mapStatement(filters).execute(filterParams(filters))) as unknown as {
        total: number;
        withoutBudget: number;
        lastUpdated: string | null;
        zips: string;
        regions: string;
      }[];
      const zips = JSON.parse(row?.zips ?? '[]') as BuyerZip[];
      return {
        zipsJson: row?.zips ?? '[]',
        zips,
        regionsJson: row?.regions ?? '[]',
        counts: new Map(zips.map((z) => [z.zipCode, z.buyerCount])),
        total: Number(row?.total ?? 0),
        withoutBudget: Number(row?.withoutBudget ?? 0),
        lastUpdated: row?.lastUpdated ?? null,
      };
    });
  }

  /** Buyers of the map in name order (after the buyer `afterId`), under `filters`, at most `limit`. */
  async buyerList(filters: BuyerAnalyticsFilters, afterId: string | undefined, limit: number) {
    const statement = this.listStatement(filters, afterId !== undefined);
    const rows = (await statement.execute({
      ...filterParams(filters),
      ...(filters.zipCode ? { zip: filters.zipCode } : {}),
      ...(afterId ? { after: afterId } : {}),
      limit,
    })) as unknown as BuyerListItem[];
    return rows.map((r) => ({
      ...r,
      maxDownPayment: r.maxDownPayment === null ? null : Number(r.maxDownPayment),
      maxMonthlyPayment: r.maxMonthlyPayment === null ? null : Number(r.maxMonthlyPayment),
    }));
  }

  private mapStatement(filters: BuyerAnalyticsFilters) {
    const shape = shapeOf(filters);
    let statement = this.mapStatements.get(shape);
    if (!statement) {
      const query = sql`with buyers as materialized (
          select u.id, bp.max_down_payment as down, bp.max_monthly_payment as monthly,
            greatest(bp.updated_at, bb.updated_at) as updated,
            coalesce(bp.zip_codes, '{}') || coalesce(bb.zip_codes, '{}') as zips
          from users u
          left join buyer_preferences bp on bp.user_id = u.id
          left join buy_boxes bb on bb.user_id = u.id
          where ${isActiveBuyer} and (cardinality(bp.zip_codes) > 0 or cardinality(bb.zip_codes) > 0)
            ${filtersSql(filters)}
        ), by_zip as (
          select l.zip, count(*)::int as buyers, round(avg(b.down))::int as down,
            round(avg(b.monthly))::int as monthly
          from buyers b cross join lateral (select distinct x as zip from unnest(b.zips) as x) l
          group by l.zip
        ), placed as materialized (
          select g.*, z.latitude, z.longitude from by_zip g join zip_codes z on z.zip = g.zip
        ), by_region as (
          -- Each buyer once per region, however many of its ZIP codes they name.
          select l.region, count(*)::int as buyers, round(avg(b.down))::int as down,
            round(avg(b.monthly))::int as monthly
          from buyers b cross join lateral (select distinct left(x, 3) as region from unnest(b.zips) as x
            where exists (select 1 from zip_codes z where z.zip = x)) l
          group by l.region
        ), region_place as (
          select left(p.zip, 3) as region, count(*)::int as zip_count,
            round((sum(p.latitude * p.buyers) / sum(p.buyers))::numeric, 4)::float8 as lat,
            round((sum(p.longitude * p.buyers) / sum(p.buyers))::numeric, 4)::float8 as lng
          from placed p group by 1
        )
        select (select count(*)::int from buyers) as total,
          (select count(*)::int from users u
            left join buyer_preferences bp on bp.user_id = u.id
            left join buy_boxes bb on bb.user_id = u.id
            where ${isActiveBuyer} and (cardinality(bp.zip_codes) > 0 or cardinality(bb.zip_codes) > 0)
              and bp.pre_approved_amount is null ${filtersSql(filters, { budget: false })}) as "withoutBudget",
          (select to_char(max(updated) at time zone 'UTC', ${sql.raw(ISO_UTC)}) from buyers) as "lastUpdated",
          (select coalesce(json_agg(json_build_object('zipCode', p.zip, 'lat', p.latitude, 'lng', p.longitude,
              'buyerCount', p.buyers, 'averageDownPayment', p.down, 'averageMonthlyPayment', p.monthly)
              order by p.zip), '[]')::text
            from placed p) as zips,
          (select coalesce(json_agg(json_build_object('region', r.region, 'lat', rp.lat, 'lng', rp.lng,
              'zipCount', rp.zip_count, 'buyerCount', r.buyers, 'averageDownPayment', r.down,
              'averageMonthlyPayment', r.monthly) order by r.region), '[]')::text
            from by_region r join region_place rp on rp.region = r.region) as regions`;
      statement = rawStatement(this.db, 'buyer_map', query, [
        'total',
        'withoutBudget',
        'lastUpdated',
        'zips',
        'regions',
      ]);
      this.mapStatements.set(shape, statement);
    }
    return statement;
  }

  private listStatement(filters: BuyerAnalyticsFilters, withCursor: boolean) {
    const shape = `${shapeOf(filters)}|${filters.zipCode ? 'zip' : ''}|${withCursor}`;
    let statement = this.listStatements.get(shape);
    if (!statement) {
      const zip = sql`array[${sql.placeholder('zip')}::text]`;
      const after = sql.placeholder('after');
      // One ZIP: its few buyers through the ZIP indexes; else the buyers in name order through
      // users_name_idx, each checked as it comes, until the page is full.
      const located = filters.zipCode
        ? sql`u.id in (select user_id from buyer_preferences where zip_codes @> ${zip}
            union all select user_id from buy_boxes where zip_codes @> ${zip})`
        : sql`(cardinality(bp.zip_codes) > 0 or cardinality(bb.zip_codes) > 0)`;
      const query = sql`select u.id, u.first_name as "firstName", u.last_name as "lastName",
          bp.max_down_payment as "maxDownPayment", bp.max_monthly_payment as "maxMonthlyPayment",
          u.certified_buyer as certified
        from users u
        left join buyer_preferences bp on bp.user_id = u.id
        left join buy_boxes bb on bb.user_id = u.id
        where ${isActiveBuyer} and ${located} ${filtersSql(filters)}
          ${
            withCursor
              ? sql`and (u.last_name, u.first_name, u.id) > ((select c.last_name from users c where c.id = ${after}::uuid),
                  (select c.first_name from users c where c.id = ${after}::uuid), ${after}::uuid)`
              : sql``
          }
        order by u.last_name, u.first_name, u.id
        limit ${sql.placeholder('limit')}`;
      statement = rawStatement(this.db, 'buyer_list', query, [
        'id',
        'firstName',
        'lastName',
        'maxDownPayment',
        'maxMonthlyPayment',
        'certified',
      ]);
      this.listStatements.set(shape, statement);
    }
    return statement;
  }
}

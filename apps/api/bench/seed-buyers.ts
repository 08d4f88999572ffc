/**
 * Buyers and deals for the matching benchmark (bench/matching.ts) and the matching query plans
 * (bench/plans.ts), generated in SQL (a handful of set-based statements, no round trip per row) on a
 * migrated database, whose `zip_codes` reference table gives the places.
 *
 * Skewed like a real market: 45 % of the buyers are in twelve metros (Reno alone 19 %, so that a
 * generous Reno deal matches about 10,000 of 100,000 buyers), the other 55 % spread over every US ZIP
 * code (about one buyer per ZIP). Half the buyers list ZIP codes (1–5 of their metro's, or their own
 * ZIP), the other half only a city. 60 % have buyer preferences only, 30 % preferences and a buy box,
 * 10 % a buy box only; limits are set as often as a real form leaves them empty or not. Deterministic
 * (`setseed`), so two runs generate the same market.
 */
import type pg from 'pg';
import { matchFacts } from '@dealclub/shared/matching';
import type { DealRow } from '../src/db/rows';
import { matchDealOfRow } from '../src/modules/matching/deal-facts';

/** The dense metros and their share of all buyers; the rest are spread over every ZIP code. */
export const METROS: readonly { state: string; city: string; share: number }[] = [
  { state: 'NV', city: 'Reno', share: 0.19 },
  { state: 'TX', city: 'Houston', share: 0.05 },
  { state: 'TX', city: 'Dallas', share: 0.04 },
  { state: 'GA', city: 'Atlanta', share: 0.03 },
  { state: 'TX', city: 'Austin', share: 0.03 },
  { state: 'AZ', city: 'Phoenix', share: 0.03 },
  { state: 'NV', city: 'Las Vegas', share: 0.02 },
  { state: 'NC', city: 'Charlotte', share: 0.02 },
  { state: 'FL', city: 'Tampa', share: 0.015 },
  { state: 'CO', city: 'Denver', share: 0.015 },
  { state: 'FL', city: 'Jacksonville', share: 0.005 },
  { state: 'TN', city: 'Nashville', share: 0.005 },
];

/** The metros as a temporary table with their cumulative share and their ZIP codes. */
async function createPlaces(client: pg.Client) {
  await client.query(`drop table if exists bench_metro, bench_zip`);
  await client.query(
    `create temp table bench_metro as
       select m.n, m.state, m.city,
         sum(m.share) over (order by m.n) - m.share as lo, sum(m.share) over (order by m.n) as hi,
         (select array_agg(z.zip order by z.zip) from zip_codes z where z.state = m.state and z.city = m.city) as zips
       from jsonb_to_recordset($1::jsonb) as m(n int, state text, city text, share float8)`,
    [JSON.stringify(METROS.map((m, i) => ({ ...m, n: i + 1 })))],
  );
  await client.query(
    `create temp table bench_zip as select row_number() over (order by zip)::int as rn, zip, city, state from zip_codes`,
  );
  await client.query(`create index on bench_zip (rn)`);
}

/**
 * `count` buyers (users `buyer<i>@bench.test`) with buyer preferences and/or a buy box; about 5 %
 * certified, 2 % inactive; frequencies 60 % real time, 30 % daily, 10 % weekly.
 */
export async function seedBuyers(client: pg.Client, count: number): Promise<void> {
  await client.query(`select setseed(0.2026)`);
  await createPlaces(client);
  await client.query(`drop table if exists bench_buyer`);
  // One row per buyer: its place (a metro, else a ZIP drawn uniformly) and what it has.
  await client.query(
    `create temp table bench_buyer as
     with draws as (
       select i, gen_random_uuid() as id, random() as r_place, random() as r_zip, random() as r_list,
         random() as r_kind
       from generate_series(1, $1::int) as i
     )
     select d.i, d.id, d.r_kind,
       coalesce(m.state, z.state) as state, coalesce(m.city, z.city) as city,
       case
         when d.r_list < 0.5 then '{}'::text[]
         when m.n is not null then array(
           select distinct m.zips[1 + floor(random() * cardinality(m.zips))::int]
           from generate_series(1, 1 + floor(d.r_list * 10)::int - 5))
         else array[z.zip]
       end as zip_codes
     from draws d
     left join bench_metro m on d.r_place >= m.lo and d.r_place < m.hi
     left join bench_zip z on m.n is null and z.rn = 1 + floor(d.r_zip * (select count(*) from bench_zip))::int`,
    [count],
  );
  await client.query(
    `insert into users (id, email, first_name, last_name, roles, language_preference, is_active,
       notification_channels, search_frequency, certified_buyer, certified_at)
     select id, 'buyer' || i || '@bench.test', 'Buyer', 'No' || i, '{buyer}',
       case when i % 5 = 0 then 'es' else 'en' end, i % 50 <> 0,
       case when i % 4 = 0 then '{email,sms}'::text[] else '{email}'::text[] end,
       case when i % 10 < 6 then 'realtime' when i % 10 < 9 then 'daily' else 'weekly' end,
       i % 19 = 0, case when i % 19 = 0 then now() end
     from bench_buyer`,
  );
  await client.query(
    `insert into buyer_preferences (user_id, use_case, state, city, zip_codes, property_types, bedrooms,
       bathrooms, min_year_built, min_square_footage, min_lot_size, lot_size_unit, max_monthly_payment,
       max_down_payment, exclude_hoa)
     select id, case when random() < 0.7 then 'investment' else 'primary' end, state, city, zip_codes,
       (array['{}', '{}', '{singleFamily}', '{singleFamily}', '{singleFamily,condo}', '{singleFamily,24unit}'])[1 + floor(random() * 6)::int]::text[],
       case when random() < 0.35 then null else 2 + floor(random() * 3)::int end,
       case when random() < 0.55 then null else 1 + floor(random() * 4)::int * 0.5 end,
       case when random() < 0.75 then null else 1960 + floor(random() * 45)::int end,
       case when random() < 0.75 then null else 900 + floor(random() * 13)::int * 100 end,
       case when random() < 0.9 then null else 3000 + floor(random() * 8)::int * 1000 end, 'sqft',
       case when random() < 0.25 then null else 1500 + floor(random() * 36)::int * 100 end,
       case when random() < 0.25 then null else 15000 + floor(random() * 28)::int * 5000 end,
       random() < 0.1
     from bench_buyer where r_kind < 0.9`,
  );
  await client.query(
    `insert into buy_boxes (user_id, type, state, city, zip_codes)
     select id, (array['any', 'any', 'any', 'any', 'any', 'cash', 'cash', 'SubTo', 'SubTo', 'SellerFinance', 'Hybrid'])[1 + floor(random() * 11)::int],
       state, city, zip_codes
     from bench_buyer where r_kind >= 0.6`,
  );
  await client.query(`drop table bench_buyer`);
}

/**
 * `count` deals on the market of `sellerId`, half in the metros (in proportion to their buyers), half
 * at a ZIP code drawn uniformly; cash and creative, with the figures matching compares, which are
 * then computed by the product's own rules (matchFacts), as a save does. Created a minute apart,
 * newest first.
 */
export async function seedMatchDeals(client: pg.Client, sellerId: string, count: number): Promise<void> {
  await client.query(`select setseed(0.1125)`);
  await createPlaces(client);
  await client.query(
    `with draws as (
       select i, random() as r_place, random() as r_zip, random() as r_type
       from generate_series(1, $2::int) as i
     ), placed as (
       select d.*, coalesce(m.state, z.state) as state, coalesce(m.city, z.city) as city,
         coalesce(m.zips[1 + floor(random() * cardinality(m.zips))::int], z.zip) as zip,
         case when d.r_type < 0.4 then 'cash' else 'creative' end as category,
         case when d.r_type < 0.4 then null when d.r_type < 0.7 then 'SubTo' when d.r_type < 0.85 then 'SellerFinance' else 'Hybrid' end as purchase_type,
         100000 + floor(random() * 60)::int * 10000 as price,
         5000 + floor(random() * 40)::int * 1000 as entry_fee,
         (array['singleFamily', 'singleFamily', 'singleFamily', 'condo', '24unit', 'manufactured'])[1 + floor(random() * 6)::int] as property_type,
         1 + floor(random() * 6)::int as bedrooms, 1 + floor(random() * 6)::int * 0.5 as bathrooms,
         1950 + floor(random() * 75)::int as year_built, 700 + floor(random() * 30)::int * 100 as sqft,
         case when random() < 0.2 then null else 2000 + floor(random() * 20)::int * 500 end as lot,
         case when random() < 0.8 then null else 50 + floor(random() * 40)::int * 10 end as hoa,
         900 + floor(random() * 40)::int * 100 as piti, 1000 + floor(random() * 10)::int * 500 as emd
       from draws d
       left join bench_metro m on d.r_place < 0.5
         and d.r_place * 2 * (select max(hi) from bench_metro) >= m.lo
         and d.r_place * 2 * (select max(hi) from bench_metro) < m.hi
       left join bench_zip z on m.n is null and z.rn = 1 + floor(d.r_zip * (select count(*) from bench_zip))::int
     )
     insert into deals (originator_id, status, street_address, city, state, zip_code, normalized_address,
       category, purchase_type, property_type, purchase_price, entry_fee, bedrooms, bathrooms, tags,
       system_tags, description, terms, created_at, updated_at)
     select $1, case when i % 29 = 0 then 'pending' else 'active' end, i || ' Match St', city, state, zip,
       'match bench ' || i, category, purchase_type, property_type, price,
       case when category = 'creative' then entry_fee end, bedrooms, bathrooms, '{}', '{}',
       'A bench deal with a long enough story.',
       jsonb_strip_nulls(jsonb_build_object('yearBuilt', year_built, 'squareFootage', sqft, 'lotSize', lot,
         'lotSizeUnit', 'sqft', 'hoaMonthlyFee', hoa, 'solar', 'none', 'parking', 'garage2', 'restrictions', '[]'::jsonb,
         'tags', '[]'::jsonb,
         'entryFee', case when category = 'creative' then entry_fee end,
         'emd', case when category = 'creative' then emd end,
         'piti', case when category = 'creative' then piti end)),
       now() - (i || ' minutes')::interval, now()
     from placed`,
    [sellerId, count],
  );
  await setMatchFacts(client, `originator_id = $1`, [sellerId]);
}

/**
 * An active deal of `sellerId` that fits nearly every buyer of its place: cheap, big, new, no HOA. In
 * Reno (the default), about 10,000 of 100,000 buyers (half of the city's, who listed no ZIP or 89501).
 */
export async function insertGenerousDeal(
  client: pg.Client,
  sellerId: string,
  place = { city: 'Reno', state: 'NV', zipCode: '89501' },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into deals (originator_id, status, street_address, city, state, zip_code, normalized_address,
       category, purchase_type, property_type, purchase_price, entry_fee, bedrooms, bathrooms, tags,
       system_tags, description, terms)
     values ($1, 'active', '1 Generous Way', $2, $3, $4, '1 generous way ' || $4, 'creative', 'SubTo',
       'singleFamily', 300000, 5000, 5, 4, '{}', '{}', 'The deal every buyer here wants.',
       '{"yearBuilt": 2022, "squareFootage": 3500, "lotSize": 12000, "lotSizeUnit": "sqft", "piti": 900,
         "emd": 1000, "entryFee": 5000, "solar": "none", "parking": "garage2", "restrictions": [], "tags": []}')
     returning id`,
    [sellerId, place.city, place.state, place.zipCode],
  );
  await setMatchFacts(client, 'id = $1', [rows[0]!.id]);
  return rows[0]!.id;
}

/** The match columns of the deals `where` selects, computed by the shared rules as a save does. */
export async function setMatchFacts(client: pg.Client, where: string, params: unknown[]): Promise<void> {
  const { rows } = await client.query(
    `select id, category, purchase_type as "purchaseType", property_type as "propertyType", state, city,
       zip_code as "zipCode", purchase_price as "purchasePrice", bedrooms, bathrooms, terms
     from deals where ${where}`,
    params,
  );
  const facts = rows.map((row: DealRow) => ({ id: row.id, ...matchFacts(matchDealOfRow(row)) }));
  await client.query(
    `update deals d set deal_type = f."dealType", match_monthly_payment = f."matchMonthlyPayment",
       match_cash_to_close = f."matchCashToClose", year_built = f."yearBuilt",
       square_footage = f."squareFootage", lot_size_sqft = f."lotSizeSqft", hoa_fee = f."hoaFee"
     from jsonb_to_recordset($1::jsonb) as f(id uuid, "dealType" text, "matchMonthlyPayment" int,
       "matchCashToClose" int, "yearBuilt" int, "squareFootage" int, "lotSizeSqft" float8, "hoaFee" int)
     where d.id = f.id`,
    [JSON.stringify(facts)],
  );
}

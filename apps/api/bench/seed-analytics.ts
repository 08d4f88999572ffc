/**
 * Buyers for the analytics benchmark (bench/analytics.ts): `count` buyers over 30,000 ZIP codes of
 * the reference table, generated in SQL (set-based statements, no round trip per row) on a migrated
 * database. Skewed like a real market: a buyer's home ZIP is drawn with a square law over the chosen
 * ZIPs (listed by state and ZIP, so the dense end is a few states), and every buyer names ZIP codes:
 * 90 % have buyer preferences with 1–5 ZIPs around their home, 40 % a buy box with 1–10; payments,
 * budgets and rooms are left empty as often as a real form leaves them. About 5 % are certified, 2 %
 * inactive. Deterministic (`setseed`), so two runs generate the same market.
 */
import type pg from 'pg';

export const ANALYTICS_ZIPS = 30_000;

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Frank',
  'Grace',
  'Hugo',
  'Iris',
  'Jorge',
  'Kim',
  'Luis',
  'Maya',
  'Nate',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
];

export async function seedAnalyticsBuyers(client: pg.Client, count: number): Promise<void> {
  await client.query(`select setseed(0.1515)`);
  await client.query(`drop table if exists bench_zip, bench_buyer`);
  // The 30,000 ZIPs, drawn from every US ZIP and numbered by state and ZIP (neighbours share a state).
  await client.query(
    `create temp table bench_zip as
       select row_number() over (order by state, zip)::int as rn, zip, city, state
       from (select * from zip_codes order by md5(zip) limit $1) z`,
    [ANALYTICS_ZIPS],
  );
  await client.query(`create index on bench_zip (rn)`);
  await client.query(
    `create temp table bench_buyer as
       with draws as (
         select i, gen_random_uuid() as id, 1 + floor(power(random(), 2) * $2::int)::int as home,
           random() as r_kind, 1 + floor(random() * 5)::int as pref_zips, 1 + floor(random() * 10)::int as box_zips
         from generate_series(1, $1::int) as i
       )
       select d.*, z.state, z.city,
         array(select b.zip from bench_zip b where b.rn between d.home and least(d.home + d.pref_zips - 1, $2::int)
           and b.state = z.state order by b.rn) as pref,
         array(select b.zip from bench_zip b where b.rn between d.home and least(d.home + d.box_zips - 1, $2::int)
           and b.state = z.state order by b.rn) as box
       from draws d join bench_zip z on z.rn = d.home`,
    [count, ANALYTICS_ZIPS],
  );
  await client.query(
    `insert into users (id, email, first_name, last_name, roles, is_active, certified_buyer, certified_at)
     select id, 'zip-buyer' || i || '@bench.test', ($1::text[])[1 + i % cardinality($1::text[])],
       'Buyer' || lpad(i::text, 6, '0'), case when i % 10 = 0 then '{buyer,originator}'::text[] else '{buyer}' end,
       i % 50 <> 0, i % 19 = 0, case when i % 19 = 0 then now() end
     from bench_buyer`,
    [FIRST_NAMES],
  );
  await client.query(
    `insert into buyer_preferences (user_id, use_case, state, city, zip_codes, bedrooms, bathrooms,
       max_monthly_payment, max_down_payment, pre_approved, pre_approved_amount, updated_at)
     select id, case when random() < 0.7 then 'investment' else 'primary' end, state, city, pref,
       case when random() < 0.35 then null else 1 + floor(random() * 5)::int end,
       case when random() < 0.5 then null else 1 + floor(random() * 7)::int * 0.5 end,
       case when random() < 0.25 then null else 1200 + floor(random() * 40)::int * 100 end,
       case when random() < 0.25 then null else 10000 + floor(random() * 30)::int * 5000 end,
       r_kind < 0.54, case when r_kind < 0.54 then 150000 + floor(random() * 67)::int * 50000 end,
       now() - (floor(random() * 60 * 24 * 90) || ' minutes')::interval
     from bench_buyer where r_kind < 0.9`,
  );
  await client.query(
    `insert into buy_boxes (user_id, type, state, city, zip_codes, updated_at)
     select id, (array['any', 'any', 'cash', 'SubTo', 'SellerFinance', 'Hybrid'])[1 + floor(random() * 6)::int],
       state, city, box, now() - (floor(random() * 60 * 24 * 90) || ' minutes')::interval
     from bench_buyer where r_kind >= 0.6`,
  );
  await client.query(`drop table bench_buyer, bench_zip`);
  // As autovacuum would have by then: statistics and the visibility map.
  await client.query('vacuum analyze users, buyer_preferences, buy_boxes');
}

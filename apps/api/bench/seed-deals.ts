import type pg from 'pg';

/** 100,000 varied deals in one statement: ten states, prices 100K–2M, 1–6 bedrooms, mostly active. */
export async function seedDeals(client: pg.Client, sellerId: string, count: number) {
  await client.query(
    `insert into deals (originator_id, status, street_address, city, state, zip_code, normalized_address,
       hide_address, category, purchase_type, property_type, purchase_price, entry_fee, bedrooms, bathrooms,
       tags, system_tags, description, terms, created_at, updated_at)
     select $1,
       case when i % 50 = 0 then 'pending' when i % 97 = 0 then 'sold' when i % 89 = 0 then 'exclusive' else 'active' end,
       i || ' Bench St', (array['Austin','Tampa','Phoenix','Atlanta','Charlotte','Denver','Columbus','Nashville','Reno','Boise'])[1 + i % 10],
       (array['TX','FL','AZ','GA','NC','CO','OH','TN','NV','ID'])[1 + i % 10], lpad((10000 + i % 89999)::text, 5, '0'),
       'bench ' || i, i % 7 = 0, case when i % 3 = 0 then 'cash' else 'creative' end,
       case when i % 3 = 0 then null else (array['SubTo','SellerFinance','Hybrid','LeaseOption'])[1 + i % 4] end,
       (array['singleFamily','condo','24unit','manufactured'])[1 + i % 4],
       100000 + (i * 7919) % 1900000, case when i % 3 = 0 then null else 5000 + (i * 31) % 60000 end,
       1 + i % 6, 1 + (i % 4) * 0.5, array['off-market'], '{}'::text[], 'A bench deal with a long enough story.',
       '{"squareFootage": 1500, "yearBuilt": 1990, "lotSizeUnit": "sqft", "solar": "none", "parking": "garage2", "restrictions": [], "tags": ["off-market"]}'::jsonb,
       now() - (i || ' minutes')::interval, now()
     from generate_series(1, $2::int) as i`,
    [sellerId, count],
  );
  // As autovacuum would have by then: statistics and the visibility map (index-only scans).
  await client.query('vacuum analyze deals');
}

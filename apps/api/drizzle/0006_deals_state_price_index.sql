-- The browse filters' workhorse: state and budget first, with every column the other filters, the
-- visibility rule and the sort read, so counting the matches is an index-only scan and the page is a
-- top-N over index tuples. Written by hand: drizzle's index builder has no INCLUDE.
CREATE INDEX "deals_state_price_idx" ON "deals" USING btree ("state", "purchase_price")
  INCLUDE ("bedrooms", "bathrooms", "status", "originator_id", "created_at", "id", "zip_code", "category", "purchase_type", "hide_address")
  WHERE "deals"."status" <> 'deleted';

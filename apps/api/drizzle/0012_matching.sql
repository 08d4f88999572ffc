CREATE TABLE "deal_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"frequency" text NOT NULL,
	"saved_search_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "deal_type" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "match_monthly_payment" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "match_cash_to_close" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "year_built" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "square_footage" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lot_size_sqft" double precision;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "hoa_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_alerts" ADD CONSTRAINT "deal_alerts_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_alerts_user_deal_idx" ON "deal_alerts" USING btree ("user_id","deal_id");--> statement-breakpoint
CREATE INDEX "deal_alerts_due_idx" ON "deal_alerts" USING btree ("due_at") WHERE "deal_alerts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "deal_alerts_deal_idx" ON "deal_alerts" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_state_idx" ON "saved_searches" USING btree ("state");--> statement-breakpoint
CREATE INDEX "buy_boxes_zip_idx" ON "buy_boxes" USING gin ("zip_codes");--> statement-breakpoint
CREATE INDEX "buy_boxes_city_idx" ON "buy_boxes" USING btree ("state",lower("city"));--> statement-breakpoint
CREATE INDEX "buyer_preferences_zip_idx" ON "buyer_preferences" USING gin ("zip_codes");--> statement-breakpoint
CREATE INDEX "buyer_preferences_city_idx" ON "buyer_preferences" USING btree ("state",lower("city"));--> statement-breakpoint
-- The match columns of the deals listed before them, by the rules of packages/shared/src/matching.ts
-- (matchMoney, the deal math) that every save applies from now on.
UPDATE "deals" SET
  "deal_type" = CASE WHEN "category" = 'cash' THEN 'cash' ELSE "purchase_type" END,
  "year_built" = ("terms"->>'yearBuilt')::integer,
  "square_footage" = ("terms"->>'squareFootage')::integer,
  "lot_size_sqft" = ("terms"->>'lotSize')::double precision * CASE WHEN "terms"->>'lotSizeUnit' = 'acres' THEN 43560 ELSE 1 END,
  "hoa_fee" = COALESCE(("terms"->>'hoaMonthlyFee')::integer, 0),
  "match_cash_to_close" = CASE
    WHEN "category" = 'cash' THEN "purchase_price"
    WHEN "entry_fee" IS NULL THEN NULL
    ELSE "entry_fee" + COALESCE(("terms"->>'emd')::integer, 0) END,
  "match_monthly_payment" = CASE
    WHEN "category" = 'cash' THEN COALESCE(("terms"->>'hoaMonthlyFee')::integer, 0) + COALESCE(("terms"->>'solarMonthlyFee')::integer, 0)
    WHEN "purchase_type" = 'LeaseOption' THEN ("terms"->>'monthlyLeasePayment')::integer
      + COALESCE(("terms"->>'hoaMonthlyFee')::integer, 0) + COALESCE(("terms"->>'solarMonthlyFee')::integer, 0)
    WHEN "terms"->>'piti' IS NULL AND "terms"->>'piMonthlyPayment' IS NULL THEN NULL
    ELSE COALESCE(("terms"->>'piti')::integer, 0) + COALESCE(("terms"->>'piMonthlyPayment')::integer, 0)
      + COALESCE(("terms"->>'hoaMonthlyFee')::integer, 0) + COALESCE(("terms"->>'solarMonthlyFee')::integer, 0) END;

CREATE TABLE "deal_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"lapsed_reason" text,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_counters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"created_by" uuid,
	"purchase_price" integer,
	"entry_fee" integer,
	"estimated_close_date" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"counter_id" uuid,
	"purchase_price" integer,
	"entry_fee" integer,
	"estimated_close_date" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "terms_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "terms_verified_fields" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "acknowledged_risks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "accepted_counter_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_verifications" ADD CONSTRAINT "deal_verifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_verifications" ADD CONSTRAINT "deal_verifications_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_verifications" ADD CONSTRAINT "deal_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_counters" ADD CONSTRAINT "offer_counters_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_counters" ADD CONSTRAINT "offer_counters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_counter_id_offer_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."offer_counters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_verifications_deal_time_idx" ON "deal_verifications" USING btree ("deal_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deal_verifications_status_time_idx" ON "deal_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deal_verifications_expiry_idx" ON "deal_verifications" USING btree ("expires_at") WHERE "deal_verifications"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "offer_counters_one_open_idx" ON "offer_counters" USING btree ("offer_id") WHERE "offer_counters"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offer_counters_offer_time_idx" ON "offer_counters" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_counters_expiry_idx" ON "offer_counters" USING btree ("expires_at") WHERE "offer_counters"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offer_events_offer_time_idx" ON "offer_events" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_terms_verified_idx" ON "deals" USING btree ("terms_verified_at") WHERE "deals"."terms_verified_at" is not null and "deals"."status" <> 'deleted';--> statement-breakpoint
-- The history of offers made before it existed: each one's submission, and its acceptance.
INSERT INTO "offer_events" ("offer_id", "kind", "actor_id", "purchase_price", "entry_fee", "estimated_close_date", "message", "created_at")
SELECT "id", 'submitted', "buyer_id", "purchase_price", "entry_fee", "estimated_close_date", "message", "created_at" FROM "offers";--> statement-breakpoint
INSERT INTO "offer_events" ("offer_id", "kind", "actor_id", "created_at")
SELECT "id", 'accepted', "accepted_by", "accepted_at" FROM "offers" WHERE "accepted_at" IS NOT NULL;

CREATE TABLE "interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"purchase_price" integer,
	"entry_fee" integer,
	"estimated_close_date" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"replaces_id" uuid,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "accepted_buyer_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_webhook_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_webhook_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interests_deal_buyer_idx" ON "interests" USING btree ("deal_id","buyer_id");--> statement-breakpoint
CREATE INDEX "interests_deal_time_idx" ON "interests" USING btree ("deal_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interests_buyer_time_idx" ON "interests" USING btree ("buyer_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_idx" ON "offers" USING btree ("deal_id","buyer_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_deal_idx" ON "offers" USING btree ("deal_id") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "offers_deal_time_idx" ON "offers" USING btree ("deal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_buyer_time_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_user_time_idx" ON "webhook_deliveries" USING btree ("user_id","created_at" DESC NULLS FIRST);
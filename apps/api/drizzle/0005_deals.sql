CREATE TABLE "deal_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"comments" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"originator_id" uuid NOT NULL,
	"status" text NOT NULL,
	"street_address" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"normalized_address" text NOT NULL,
	"hide_address" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"purchase_type" text,
	"property_type" text NOT NULL,
	"purchase_price" integer NOT NULL,
	"entry_fee" integer,
	"bedrooms" integer NOT NULL,
	"bathrooms" numeric NOT NULL,
	"tags" text[] NOT NULL,
	"system_tags" text[] NOT NULL,
	"description" text NOT NULL,
	"terms" jsonb NOT NULL,
	"exclusive_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_deal_id_pk" PRIMARY KEY("user_id","deal_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certified_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_photos" ADD CONSTRAINT "deal_photos_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_originator_id_users_id_fk" FOREIGN KEY ("originator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_photos_deal_idx" ON "deal_photos" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deal_status_history_deal_idx" ON "deal_status_history" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_address_unique_idx" ON "deals" USING btree ("normalized_address") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_originator_idx" ON "deals" USING btree ("originator_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_browse_idx" ON "deals" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_newest_idx" ON "deals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_price_idx" ON "deals" USING btree ("purchase_price","id") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_zip_idx" ON "deals" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "deals_city_idx" ON "deals" USING btree ("state",lower("city"));--> statement-breakpoint
CREATE INDEX "deals_tags_idx" ON "deals" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "favorites_deal_idx" ON "favorites" USING btree ("deal_id");
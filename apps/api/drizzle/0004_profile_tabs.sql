CREATE TABLE "buy_boxes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"zip_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"use_case" text NOT NULL,
	"home_type" text DEFAULT 'no-preference' NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"zip_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"property_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_year_built" integer,
	"min_square_footage" integer,
	"bedrooms" integer,
	"bathrooms" numeric,
	"min_lot_size" numeric,
	"lot_size_unit" text DEFAULT 'sqft' NOT NULL,
	"max_monthly_payment" integer,
	"max_down_payment" integer,
	"exclude_hoa" boolean DEFAULT false NOT NULL,
	"new_construction_only" boolean DEFAULT false NOT NULL,
	"condition" text DEFAULT 'no-preference' NOT NULL,
	"schools" text DEFAULT 'no-preference' NOT NULL,
	"public_transport" text DEFAULT 'no-preference' NOT NULL,
	"rental_potential" text DEFAULT 'no-preference' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pre_approved" boolean DEFAULT false NOT NULL,
	"pre_approved_amount" integer,
	"financing_type" text,
	"credit_score_range" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"markets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deal_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_channels" text[] DEFAULT '{email}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_frequency" text DEFAULT 'realtime' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "call_booking_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_logo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_picture_key" text;--> statement-breakpoint
ALTER TABLE "buy_boxes" ADD CONSTRAINT "buy_boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_preferences" ADD CONSTRAINT "buyer_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_preferences" ADD CONSTRAINT "seller_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zip_codes_state_idx" ON "zip_codes" USING btree ("state");
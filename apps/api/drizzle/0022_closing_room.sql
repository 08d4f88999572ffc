CREATE TABLE "closing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"milestone_key" text NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"actor_id" uuid,
	"event" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closing_milestones" (
	"room_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"party" text NOT NULL,
	"due_date" date NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "closing_milestones_room_id_key_pk" PRIMARY KEY("room_id","key")
);
--> statement-breakpoint
CREATE TABLE "closing_reminders" (
	"room_id" uuid NOT NULL,
	"milestone_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closing_reminders_room_id_milestone_key_user_id_day_pk" PRIMARY KEY("room_id","milestone_key","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "closing_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_on" date NOT NULL,
	"close_date" date NOT NULL,
	"proposed_close_date" date,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone,
	"backup_offer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"days_to_close" integer,
	CONSTRAINT "closing_rooms_status" CHECK ("closing_rooms"."status" in ('open', 'closed', 'fell_through'))
);
--> statement-breakpoint
ALTER TABLE "closing_documents" ADD CONSTRAINT "closing_documents_room_id_closing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."closing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD CONSTRAINT "closing_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_events" ADD CONSTRAINT "closing_events_room_id_closing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."closing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_events" ADD CONSTRAINT "closing_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_milestones" ADD CONSTRAINT "closing_milestones_room_id_closing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."closing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_milestones" ADD CONSTRAINT "closing_milestones_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_reminders" ADD CONSTRAINT "closing_reminders_room_id_closing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."closing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_reminders" ADD CONSTRAINT "closing_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_rooms" ADD CONSTRAINT "closing_rooms_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_rooms" ADD CONSTRAINT "closing_rooms_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_rooms" ADD CONSTRAINT "closing_rooms_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_rooms" ADD CONSTRAINT "closing_rooms_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_rooms" ADD CONSTRAINT "closing_rooms_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_documents_room_idx" ON "closing_documents" USING btree ("room_id","milestone_key","uploaded_at");--> statement-breakpoint
CREATE INDEX "closing_events_room_idx" ON "closing_events" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "closing_milestones_due_idx" ON "closing_milestones" USING btree ("due_date") WHERE "closing_milestones"."done" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "closing_rooms_offer_idx" ON "closing_rooms" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "closing_rooms_one_open_per_deal_idx" ON "closing_rooms" USING btree ("deal_id") WHERE "closing_rooms"."status" = 'open';--> statement-breakpoint
CREATE INDEX "closing_rooms_deal_idx" ON "closing_rooms" USING btree ("deal_id","opened_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "closing_rooms_seller_idx" ON "closing_rooms" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "closing_rooms_buyer_idx" ON "closing_rooms" USING btree ("buyer_id","status");
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text DEFAULT '' NOT NULL,
	"plain_en" text DEFAULT '' NOT NULL,
	"plain_es" text DEFAULT '' NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title_en"), 'A') || setweight(to_tsvector('english'::regconfig, "plain_en"), 'B')) STORED NOT NULL,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, "title_es"), 'A') || setweight(to_tsvector('spanish'::regconfig, "plain_es"), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "help_qa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"question_en" text NOT NULL,
	"question_es" text DEFAULT '' NOT NULL,
	"answer_en" text NOT NULL,
	"answer_es" text DEFAULT '' NOT NULL,
	"plain_en" text DEFAULT '' NOT NULL,
	"plain_es" text DEFAULT '' NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "question_en"), 'A') || setweight(to_tsvector('english'::regconfig, "plain_en"), 'B')) STORED NOT NULL,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, "question_es"), 'A') || setweight(to_tsvector('spanish'::regconfig, "plain_es"), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "help_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid,
	"qa_id" uuid,
	"voter" text NOT NULL,
	"user_id" uuid,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_votes_one_item" CHECK (num_nonnulls("help_votes"."article_id", "help_votes"."qa_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_qa" ADD CONSTRAINT "help_qa_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_qa_id_help_qa_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."help_qa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_idx" ON "help_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_articles_list_idx" ON "help_articles" USING btree ("category","position");--> statement-breakpoint
CREATE INDEX "help_articles_search_en_idx" ON "help_articles" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "help_articles_search_es_idx" ON "help_articles" USING gin ("search_es");--> statement-breakpoint
CREATE UNIQUE INDEX "help_qa_slug_idx" ON "help_qa" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_qa_list_idx" ON "help_qa" USING btree ("category","position");--> statement-breakpoint
CREATE INDEX "help_qa_search_en_idx" ON "help_qa" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "help_qa_search_es_idx" ON "help_qa" USING gin ("search_es");--> statement-breakpoint
CREATE UNIQUE INDEX "help_votes_article_voter_idx" ON "help_votes" USING btree ("article_id","voter") WHERE "help_votes"."article_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "help_votes_qa_voter_idx" ON "help_votes" USING btree ("qa_id","voter") WHERE "help_votes"."qa_id" is not null;--> statement-breakpoint
CREATE INDEX "help_votes_user_idx" ON "help_votes" USING btree ("user_id");
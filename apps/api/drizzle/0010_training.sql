CREATE TABLE "training_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_es" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_es" text DEFAULT '' NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "training_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "training_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_en" text NOT NULL,
	"question_es" text DEFAULT '' NOT NULL,
	"hint_en" text DEFAULT '' NOT NULL,
	"hint_es" text DEFAULT '' NOT NULL,
	"explanation_en" text DEFAULT '' NOT NULL,
	"explanation_es" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_options" ADD CONSTRAINT "training_options_question_id_training_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."training_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_lesson_id_training_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."training_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_questions" ADD CONSTRAINT "training_questions_lesson_id_training_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."training_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_lessons_position_idx" ON "training_lessons" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "training_lessons_slug_idx" ON "training_lessons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "training_options_question_idx" ON "training_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "training_progress_lesson_idx" ON "training_progress" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "training_questions_lesson_idx" ON "training_questions" USING btree ("lesson_id","position");
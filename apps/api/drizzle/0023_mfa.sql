ALTER TABLE "identity_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_last_step" bigint;
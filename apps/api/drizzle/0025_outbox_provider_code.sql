ALTER TABLE "outbox" ADD COLUMN "provider_code" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;
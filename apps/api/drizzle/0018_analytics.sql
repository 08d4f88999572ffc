CREATE TABLE "deal_views" (
	"deal_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "deal_views_deal_id_day_viewer_id_pk" PRIMARY KEY("deal_id","day","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "deal_views" ADD CONSTRAINT "deal_views_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_boxes_updated_idx" ON "buy_boxes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "buyer_preferences_updated_idx" ON "buyer_preferences" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "users_owners_idx" ON "users" USING btree ("last_name","first_name","id") WHERE "users"."roles" @> '{owner}'::text[];--> statement-breakpoint
CREATE INDEX "zip_codes_city_idx" ON "zip_codes" USING btree ("state",lower("city"));
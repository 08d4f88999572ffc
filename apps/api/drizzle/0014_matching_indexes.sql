DROP INDEX "buy_boxes_city_idx";--> statement-breakpoint
DROP INDEX "buyer_preferences_city_idx";--> statement-breakpoint
CREATE INDEX "deal_alerts_pending_user_idx" ON "deal_alerts" USING btree ("user_id") WHERE "deal_alerts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "buy_boxes_city_idx" ON "buy_boxes" USING btree ("state",lower("city"),"user_id") WHERE cardinality("buy_boxes"."zip_codes") = 0;--> statement-breakpoint
CREATE INDEX "buyer_preferences_city_idx" ON "buyer_preferences" USING btree ("state",lower("city"),"user_id") WHERE cardinality("buyer_preferences"."zip_codes") = 0;
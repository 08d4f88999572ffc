DROP INDEX "deals_browse_idx";--> statement-breakpoint
DROP INDEX "deals_newest_idx";--> statement-breakpoint
CREATE INDEX "deals_purchase_type_idx" ON "deals" USING btree ("purchase_type","created_at") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_property_type_idx" ON "deals" USING btree ("property_type","created_at") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category","created_at") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_rooms_idx" ON "deals" USING btree ("bedrooms","bathrooms") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_entry_fee_idx" ON "deals" USING btree ("entry_fee","id") WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_system_tags_idx" ON "deals" USING gin ("system_tags");--> statement-breakpoint
CREATE INDEX "deals_browse_idx" ON "deals" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deals"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "deals_newest_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deals"."status" <> 'deleted';
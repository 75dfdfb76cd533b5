DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_anygender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_any_idx";--> statement-breakpoint
DROP INDEX "profiles_search_anygender_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean GENERATED ALWAYS AS (main_image_id is not null) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","gender","has_photo" DESC NULLS FIRST,"last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"birth_date","region","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","has_photo" DESC NULLS FIRST,"last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_country_anygender_idx" ON "profiles" USING btree ("country","has_photo" DESC NULLS FIRST,"last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","region","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_any_idx" ON "profiles" USING btree ("gender","has_photo" DESC NULLS FIRST,"last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"birth_date","country","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_anygender_idx" ON "profiles" USING btree ("has_photo" DESC NULLS FIRST,"last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","country","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;
DROP INDEX "profiles_search_country_age_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_any_age_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_country_age_idx" ON "profiles" USING btree ("country","gender","birth_date","privacy_mode","id") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","birth_date","privacy_mode","id") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_any_age_idx" ON "profiles" USING btree ("gender","birth_date","privacy_mode","id") WHERE status = 'active' and invisible = false;
DROP INDEX "profiles_active_recent_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_age_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_anygender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_anygender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_any_idx";--> statement-breakpoint
DROP INDEX "profiles_search_any_age_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_region_age_idx" ON "profiles" USING btree ("country","region","gender","birth_date","sexuality","privacy_mode","id") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"birth_date","region","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_country_age_idx" ON "profiles" USING btree ("country","gender","birth_date","sexuality","privacy_mode","id") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_country_anygender_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","region","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_anygender_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"gender","birth_date","country","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_any_idx" ON "profiles" USING btree ("gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"birth_date","country","sexuality","privacy_mode") WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "profiles_search_any_age_idx" ON "profiles" USING btree ("gender","birth_date","sexuality","privacy_mode","id") WHERE status = 'active' and invisible = false;
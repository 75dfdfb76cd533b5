CREATE INDEX "profiles_member_name_idx" ON "profiles" USING btree (lower("name") collate "C","id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_id","id");
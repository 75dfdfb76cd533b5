ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" varchar(64);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
-- Subscriptions from before belong to no session and so could outlive every one of them: they go, and each browser
-- that is still logged in registers its own again on the next page it opens (push-client.ts).
DELETE FROM "push_subscriptions" WHERE "session_id" IS NULL;

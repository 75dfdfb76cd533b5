CREATE TABLE "setting_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(60) NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"operator_id" integer,
	"operator_name" varchar(80),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
CREATE INDEX "setting_changes_created_idx" ON "setting_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "setting_changes_key_idx" ON "setting_changes" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "users_signup_date_idx" ON "users" USING btree ("signup_date");--> statement-breakpoint
CREATE INDEX "users_confirmed_at_idx" ON "users" USING btree ("confirmed_at") WHERE "users"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_usage_limit" CHECK ("discount_codes"."usage_limit" is null or "discount_codes"."usage_limit" > 0);
CREATE TABLE "login_known_addresses" (
	"subject" varchar(40) NOT NULL,
	"address" varchar(64) NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_addresses_subject_address_pk" PRIMARY KEY("subject","address")
);
--> statement-breakpoint
CREATE TABLE "member_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ALTER COLUMN "code_hash" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "member_recovery_codes" ADD CONSTRAINT "member_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_recovery_codes_user_idx" ON "member_recovery_codes" USING btree ("user_id");
CREATE TABLE "direct_debit_blocklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value_hash" varchar(64) NOT NULL,
	"reason" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_holder" varchar(100) NOT NULL,
	"iban_pending" varchar(34),
	"iban_last4" varchar(4) NOT NULL,
	"iban_hash" varchar(64) NOT NULL,
	"street" varchar(100) NOT NULL,
	"house_number" varchar(20) NOT NULL,
	"zip" varchar(12) NOT NULL,
	"city" varchar(80) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"phone_hash" varchar(64) NOT NULL,
	"status" varchar(20) DEFAULT 'pending_code' NOT NULL,
	"code_hash" varchar(64),
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"pending_checkout" jsonb,
	"provider" varchar(20),
	"provider_customer_id" varchar(100),
	"provider_mandate_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"kind" varchar(20) DEFAULT 'standard' NOT NULL,
	"percentage" integer NOT NULL,
	"minimum_order_minor" integer,
	"currency" char(3),
	"country" char(2),
	"user_id" integer,
	"expires_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"payment_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."percentage" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"single_use" boolean NOT NULL,
	"status" varchar(20) DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(40) NOT NULL,
	"reference" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_number" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"bundle_id" varchar(20) NOT NULL,
	"credits" integer NOT NULL,
	"country" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"method" varchar(30) NOT NULL,
	"list_price_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_minor" integer DEFAULT 0 NOT NULL,
	"vat_rate_permille" integer DEFAULT 0 NOT NULL,
	"discount_code_id" integer,
	"provider" varchar(20) NOT NULL,
	"provider_payment_id" varchar(100),
	"checkout_url" text,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"credits_booked" boolean DEFAULT false NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"charged_back_minor" integer DEFAULT 0 NOT NULL,
	"collection_failed" boolean DEFAULT false NOT NULL,
	"stored_card" boolean DEFAULT false NOT NULL,
	"mandate_id" integer,
	"failure" varchar(40),
	"idempotency_key" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amounts_not_negative" CHECK ("payments"."total_minor" >= 0 and "payments"."discount_minor" >= 0 and "payments"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"method" varchar(30) NOT NULL,
	"description" varchar(200) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"redirect_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"reference" varchar(100) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"mandate_id" varchar(60),
	"stored_card" boolean DEFAULT false NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"refund_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"charged_back_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "spend_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"monthly_limit_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "credit_ledger_reference_key";--> statement-breakpoint
DROP INDEX "credit_ledger_user_idx";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "idempotency_key" varchar(160);--> statement-breakpoint
UPDATE "credit_ledger" SET "idempotency_key" = 'legacy:' || "id";--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_flags" ADD CONSTRAINT "member_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_limits" ADD CONSTRAINT "spend_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_blocklist_key" ON "direct_debit_blocklist" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_user_idx" ON "direct_debit_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_key" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_single_use_key" ON "discount_redemptions" USING btree ("code_id") WHERE "discount_redemptions"."single_use" and "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_member_key" ON "discount_redemptions" USING btree ("code_id","user_id") WHERE "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "member_flags_key" ON "member_flags" USING btree ("user_id","reason","reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_idempotency_key" ON "credit_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_balance_not_negative" CHECK ("credit_ledger"."balance_after" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_not_negative" CHECK ("users"."credits" >= 0);
CREATE TABLE "account_restrictions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"until" timestamp with time zone,
	"decision_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"source" varchar(12) NOT NULL,
	"report_id" integer,
	"complaint_id" integer,
	"image_id" integer,
	"message_id" bigint,
	"content_type" varchar(12) NOT NULL,
	"action" varchar(20) NOT NULL,
	"reason" varchar(30) NOT NULL,
	"note" text,
	"suspended_until" timestamp with time zone,
	"appeal_of" integer,
	"decided_by" integer NOT NULL,
	"decided_by_name" varchar(80) NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"restore" jsonb,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_appeal_length" CHECK ("moderation_decisions"."appeal_text" is null or char_length("moderation_decisions"."appeal_text") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" varchar(10) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "outcome" varchar(20);--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_user_idx" ON "moderation_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_profile_idx" ON "moderation_decisions" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_open_appeals_idx" ON "moderation_decisions" USING btree ("appealed_at") WHERE appealed_at is not null and appeal_handled_at is null;
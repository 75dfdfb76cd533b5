CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(20) NOT NULL,
	"category" varchar(20) NOT NULL,
	"subject" varchar(300),
	"description" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"reporter_profile_id" integer,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"token" varchar(60) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_token_locale_pk" PRIMARY KEY("token","locale")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reporter_profile_id_profiles_id_fk" FOREIGN KEY ("reporter_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_key" ON "complaints" USING btree ("reference");
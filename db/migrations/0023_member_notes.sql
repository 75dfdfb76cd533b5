CREATE TABLE "member_notes" (
	"author_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notes_author_id_subject_id_pk" PRIMARY KEY("author_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_subject_id_profiles_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_subject_idx" ON "member_notes" USING btree ("subject_id");
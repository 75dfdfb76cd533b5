CREATE TABLE "skips" (
	"skipper_id" integer NOT NULL,
	"skipped_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skips_skipper_id_skipped_id_pk" PRIMARY KEY("skipper_id","skipped_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "source" varchar(10) DEFAULT 'profile' NOT NULL;--> statement-breakpoint
ALTER TABLE "skips" ADD CONSTRAINT "skips_skipper_id_profiles_id_fk" FOREIGN KEY ("skipper_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skips" ADD CONSTRAINT "skips_skipped_id_profiles_id_fk" FOREIGN KEY ("skipped_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skips_skipper_created_idx" ON "skips" USING btree ("skipper_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_active_recent_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'active' and invisible = false;--> statement-breakpoint
CREATE INDEX "likes_liker_created_idx" ON "likes" USING btree ("liker_id","created_at");
ALTER TABLE "users" ADD COLUMN "free_messages_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_chat_profile_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_chat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "delivered_up_to" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "read_up_to" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" varchar(10) DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift" varchar(20);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "photo" varchar(80);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by");--> statement-breakpoint
-- Conversations already read before delivery states existed count as delivered and read up to their last message.
UPDATE "conversation_members" cm SET "delivered_up_to" = x.max_id, "read_up_to" = x.max_id
FROM (SELECT "conversation_id", max("id") AS max_id FROM "messages" GROUP BY "conversation_id") x
WHERE x."conversation_id" = cm."conversation_id" AND cm."unread_count" = 0;

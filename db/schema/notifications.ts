import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * A member's notification choices. No row means the defaults (app/features/notifications/preferences.ts): every
 * e-mail type on except the marketing ones, push on, pushes with the message text.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The e-mail types the member wants; null until the member first saves the settings (then the defaults apply).
  emailTypes: text('email_types').array(),
  pushEnabled: boolean('push_enabled').notNull().default(true),
  pushDiscreet: boolean('push_discreet').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What was sent to whom and about what (`ref`: a conversation, a like), for the throttles. No content. */
export const notificationLog = pgTable(
  'notification_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 10 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    ref: varchar('ref', { length: 60 }).notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_log_lookup_idx').on(t.userId, t.type, t.ref, t.sentAt), index('notification_log_sent_idx').on(t.sentAt)],
)

/**
 * An operator's news or promotions e-mail: its texts per language (English required, the others optional) and the
 * page its button opens. Sent by jobs to every member who opted in to that type.
 */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: serial('id').primaryKey(),
  type: varchar('type', { length: 20 }).$type<'news' | 'promotions'>().notNull(),
  subjects: jsonb('subjects').$type<Record<string, string>>().notNull(),
  bodies: jsonb('bodies').$type<Record<string, string>>().notNull(),
  path: varchar('path', { length: 200 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

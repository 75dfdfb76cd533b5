import { date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { profiles } from './profiles'

/**
 * The site's content pages (terms, privacy, cookies, ban, return policy, FAQ, service, and more by token), per
 * locale, as Markdown with {{placeholders}} filled at render time. Seeded from db/seed/content on first start.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    token: varchar('token', { length: 60 }).notNull(),
    locale: varchar('locale', { length: 2 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.token, t.locale] })],
)

// The value list belongs to the safety feature (as profile values belong to profiles).
import type { ComplaintCategory } from '#app/features/safety/complaint-categories'

/** Complaints and notices of illegal content (/complaints); the operator console handles them. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 20 }).notNull(),
    category: varchar('category', { length: 20 }).$type<ComplaintCategory>().notNull(),
    // What it is about, as the complainant names it (a profile link, a photo, a message).
    subject: varchar('subject', { length: 300 }),
    description: text('description').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    locale: varchar('locale', { length: 2 }).notNull(),
    reporterProfileId: integer('reporter_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Closing in the console (app/features/console/moderation): the outcome the complainant is told, by whom, when.
    outcome: varchar('outcome', { length: 20 }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
  },
  (t) => [uniqueIndex('complaints_reference_key').on(t.reference)],
)

/**
 * Page-bounce counts (spec section 7, `/api/page-hidden.php` with the `lb` flag): how often a page was left
 * (hidden) per day and path, with ids in the path folded to ":id". Counts only; nothing about the visitor.
 */
export const pageBounces = pgTable(
  'page_bounces',
  {
    day: date('day').notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    hidden: integer('hidden').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
)

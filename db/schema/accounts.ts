import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/** Account statuses: not_confirmed until the e-mail link is followed; pending_deletion for 14 days after deletion. */
export const userStatuses = ['not_confirmed', 'active', 'pending_deletion', 'deleted'] as const
export type UserStatus = (typeof userStatuses)[number]

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: varchar('status', { length: 20 }).$type<UserStatus>().notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    notificationsDisabled: text('notifications_disabled').array().notNull().default(sql`'{}'::text[]`),
    // Tracking source of the signup (network, ref, sub1..sub3); never shown to other members.
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
)

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256, so a leaked table is useless. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: varchar('user_agent', { length: 200 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Append-only ledger: every change of users.credits is one row, written in the same transaction. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 40 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId), uniqueIndex('credit_ledger_reference_key').on(t.reason, t.reference)],
)

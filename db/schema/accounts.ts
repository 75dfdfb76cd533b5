import { sql } from 'drizzle-orm'
import type { ColorMode } from '#app/lib/color-mode'
import { boolean, char, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

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
    // Light or dark pages, or 'auto': as the device prefers (issue 27).
    colorMode: varchar('color_mode', { length: 5 }).$type<ColorMode>().notNull().default('auto'),
    notificationsDisabled: text('notifications_disabled')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Tracking source of the signup (network, ref, sub1..sub3); never shown to other members.
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // Free messages used so far (settings free_messages); counted in the send's transaction.
    freeMessagesUsed: integer('free_messages_used').notNull().default(0),
    // The chat the member opened last, and when (spec section 3, "last opened chat profile and its date").
    lastChatProfileId: integer('last_chat_profile_id'),
    lastChatAt: timestamp('last_chat_at', { withTimezone: true }),
    // The member's IANA time zone as their browser reports it: daily allowances start at their midnight.
    timeZone: varchar('time_zone', { length: 64 }),
    // The optional second factor (issue 24): the TOTP secret encrypted as the console's
    // (app/features/authentication/totp.server.ts), on from totp_enabled_at; totp_last_step refuses a code used twice.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step'),
  },
  // The cached balance can never go below 0: a spend that would is refused by the database itself.
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_credits_not_negative', sql`${t.credits} >= 0`),
    // The console's dashboard counts signups and activations per day over a date range.
    index('users_signup_date_idx').on(t.signupDate),
    index('users_confirmed_at_idx')
      .on(t.confirmedAt)
      .where(sql`${t.confirmedAt} is not null`),
  ],
)

/** Server-side sessions: the cookie holds a random token, the table only its keyed HMAC (decision 029), so a leaked table is useless. */
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
    // The country the session started from (GeoIP of the login's address, never the address itself), so the member's
    // list of devices can say "Chrome on Linux, Netherlands" (issue 27).
    country: char('country', { length: 2 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Why a balance changed; every ledger row names one. */
export const ledgerReasons = ['purchase', 'signup_bonus', 'spend', 'refund', 'chargeback', 'collection_failed', 'adjustment'] as const
export type LedgerReason = (typeof ledgerReasons)[number]

/**
 * Append-only ledger: every change of users.credits is one row, written in the same transaction. The idempotency
 * key (for example `purchase:42`, `spend:message:<client id>`) is unique, so a replayed webhook or a retried send
 * can never book twice.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 40 }).$type<LedgerReason>().notNull(),
    reference: varchar('reference', { length: 100 }),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    check('credit_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
)

export const tokenPurposes = ['activation', 'password_reset', 'email_change', 'reactivation', 'email_revert'] as const
export type TokenPurpose = (typeof tokenPurposes)[number]

/** Single-use links sent by e-mail; only the SHA-256 of the token is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).$type<TokenPurpose>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    // The address the link is about: the new one of an e-mail change, the old one its undo (email_revert) restores.
    newEmail: varchar('new_email', { length: 254 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_hash_key').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt)],
)

/** A member's one-time recovery codes for a lost authenticator: only their argon2id hashes. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('member_recovery_codes_user_idx').on(t.userId)],
)

/**
 * Addresses from which an account ('account:<id>' or 'operator:<id>') logged in fully, lately: there the account's
 * own lockout over all addresses does not apply, only the one of that account at that address (decision record 028).
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    subject: varchar('subject', { length: 40 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.address] })],
)

/**
 * Failed logins per key, shared by every server process through the database: 'account:<id>' (over all addresses
 * the account never logged in from), 'account:<id>@<addr>' (the account at one address), 'operator:<id>@<addr>' and
 * 'ip:<addr>'.
 */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 80 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/** E-mails when no SMTP server is configured (and a copy of what was sent, without bodies, otherwise). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
)

export const deletionReasons = ['found_partner', 'not_enough_matches', 'too_expensive', 'privacy', 'taking_break', 'other'] as const

/** Why members left (no personal data: kept after the account is erased, for the business's statistics). */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  reason: varchar('reason', { length: 40 }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Web Push subscriptions of a member's browsers (spec section 3: push state); one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The session that registered it: a subscription ends with its session (logout, "log out everywhere", a
    // password change or reset), so whoever once held a session stops receiving the member's messages.
    sessionId: varchar('session_id', { length: 64 }).references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)

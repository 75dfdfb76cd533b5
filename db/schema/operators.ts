import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/** Console roles (issue 13): what each may do is app/features/console/operators/permissions.ts. */
export const operatorRoles = ['moderator', 'support', 'admin'] as const
export type OperatorRole = (typeof operatorRoles)[number]

/**
 * Operators of the console: accounts of their own, never members. The TOTP secret is stored encrypted
 * (app/features/authentication/totp.server.ts); `totp_last_step` refuses a code used twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    role: varchar('role', { length: 20 }).$type<OperatorRole>().notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)],
)

/** One-time recovery codes for a lost authenticator: only their hashes. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    // argon2id (issue 24); rows from before hold a SHA-256 hex digest, accepted once and then re-hashed.
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
)

/**
 * Console sessions, short and separate from members' (cookie `osid`, path /admin). A session is 'password' after
 * the password and 'full' only after the second factor; only full sessions reach the console.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: varchar('stage', { length: 10 }).$type<'password' | 'full'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
)

/**
 * The audit log: every operator action, append-only (a trigger of migration 0011 refuses UPDATE and DELETE).
 * `operator_id` is kept as a plain number so that removing an operator never rewrites history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id'),
    operatorName: varchar('operator_name', { length: 80 }),
    action: varchar('action', { length: 60 }).notNull(),
    targetType: varchar('target_type', { length: 30 }),
    targetId: varchar('target_id', { length: 60 }),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
)

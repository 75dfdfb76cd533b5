import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { complaints } from './content'
import { profiles } from './profiles'
import { reports } from './social'

/**
 * Moderation decisions (issue 13, DSA article 17). Each row is one decision about one member: the statement of
 * reasons is rendered from its structured fields (reason, content type, action, dates) in the member's language,
 * so nothing here is free text except the moderator's optional note. Approvals of photos are rows too (not
 * statements: nothing adverse), so the member sees every outcome on /notifications.
 * `restore` keeps what a removal took away (a message text, a profile text), so a reversed appeal can put it back.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // What led to it: a photo waiting for review, a member's report, a complaint, an appeal.
    source: varchar('source', { length: 12 }).$type<'photo' | 'report' | 'complaint' | 'appeal'>().notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    imageId: integer('image_id'),
    messageId: bigint('message_id', { mode: 'number' }),
    contentType: varchar('content_type', { length: 12 }).$type<'photo' | 'message' | 'profile' | 'account'>().notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    reason: varchar('reason', { length: 30 }).notNull(),
    note: text('note'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    // The decision this one answers (an appeal's outcome).
    appealOf: integer('appeal_of'),
    // Operators are kept as plain numbers and names, like the audit log: history never changes with the team.
    decidedBy: integer('decided_by').notNull(),
    decidedByName: varchar('decided_by_name', { length: 80 }).notNull(),
    automated: boolean('automated').notNull().default(false),
    restore: jsonb('restore').$type<Record<string, unknown>>(),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealHandledAt: timestamp('appeal_handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_user_idx').on(t.userId, t.createdAt),
    index('moderation_decisions_profile_idx').on(t.profileId, t.createdAt),
    index('moderation_decisions_open_appeals_idx')
      .on(t.appealedAt)
      .where(sql`appealed_at is not null and appeal_handled_at is null`),
    check('moderation_decisions_appeal_length', sql`${t.appealText} is null or char_length(${t.appealText}) <= 2000`),
  ],
)

/**
 * A member's suspension (until a date) or ban (no end): refused at login and by the viewer layer
 * (app/features/authentication). One row per member at most; lifting deletes it.
 */
export const accountRestrictions = pgTable('account_restrictions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 10 }).$type<'suspended' | 'banned'>().notNull(),
  until: timestamp('until', { withTimezone: true }),
  decisionId: integer('decision_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

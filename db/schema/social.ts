import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { profiles } from './profiles'

export const likeSources = ['profile', 'swipe', 'finder', 'modal', 'auto'] as const
export type LikeSource = (typeof likeSources)[number]

/** (actor, target) relationship tables with a unique pair, as in Mastodon. */
export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    likerId: integer('liker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    // Where the like was given: the swipe game's likes count against its daily allowance.
    source: varchar('source', { length: 10 }).$type<LikeSource>().notNull().default('profile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('likes_pair_key').on(t.likerId, t.likedId),
    index('likes_liked_idx').on(t.likedId, t.createdAt),
    index('likes_liker_created_idx').on(t.likerId, t.createdAt),
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
  ],
)

/** Profiles a member passed on in the swipe game or the match finder: not proposed again for a while. */
export const skips = pgTable(
  'skips',
  {
    skipperId: integer('skipper_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    skippedId: integer('skipped_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.skipperId, t.skippedId] }), index('skips_skipper_created_idx').on(t.skipperId, t.createdAt)],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
)

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    imageId: integer('image_id'),
    // A report of one chat message (the reporter received it).
    messageId: bigint('message_id', { mode: 'number' }),
    reason: varchar('reason', { length: 40 }).notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Handling in the console's queue (app/features/console/moderation): open until an operator decides.
    status: varchar('status', { length: 10 }).$type<'open' | 'closed'>().notNull().default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
  },
  // A member's reports, made and received, for the console (app/features/console/support/member-detail.server.ts).
  (t) => [index('reports_reporter_idx').on(t.reporterId, t.id), index('reports_target_idx').on(t.targetId, t.id)],
)

export const messageKinds = ['text', 'gift', 'photo'] as const
export type MessageKind = (typeof messageKinds)[number]

/** A conversation is between exactly two profiles; the pair is stored ordered (low id first) and unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    profileLowId: integer('profile_low_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileHighId: integer('profile_high_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.profileLowId, t.profileHighId),
    index('conversations_high_idx').on(t.profileHighId),
    // How many conversations a free member started (settings free_conversations).
    index('conversations_started_by_idx').on(t.startedBy),
    check('conversations_ordered', sql`${t.profileLowId} < ${t.profileHighId}`),
  ],
)

/** Per-member view of a conversation: unread counter and whether they removed it from their list. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    // Delivery states of the partner's messages as this member's side saw them: ids up to these have reached an
    // open tab, or have been read (a message id, not a count; message ids grow).
    deliveredUpTo: bigint('delivered_up_to', { mode: 'number' }).notNull().default(0),
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.profileId] }), index('conversation_members_profile_idx').on(t.profileId)],
)

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // The sender's own id for the message: a retry with the same id never creates a second message.
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    kind: varchar('kind', { length: 10 }).$type<MessageKind>().notNull().default('text'),
    // The gift's catalogue id (app/features/chat/gift-catalog.ts) for a gift; the stored file name for a photo.
    gift: varchar('gift', { length: 20 }),
    photo: varchar('photo', { length: 80 }),
    // What the sender paid for it (0 for a free message); the ledger holds the booking itself.
    credits: integer('credits').notNull().default(0),
    // False while the sender's e-mail is unconfirmed: stored, but not shown to the partner.
    delivered: boolean('delivered').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_client_key').on(t.senderId, t.clientId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_created_idx').on(t.createdAt),
  ],
)

/**
 * A member's private note about another member (setting visible_profile_notes; issue 28): one per pair, read and
 * written only by its author, exported with the author's data, gone with either profile.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    authorId: integer('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.subjectId] }), index('member_notes_subject_idx').on(t.subjectId)],
)

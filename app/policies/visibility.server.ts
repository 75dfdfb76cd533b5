import { db } from '#db/client.server'
import { blocks, conversations, likes, profiles, users } from '#db/schema/index'
import { and, eq, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'

/**
 * Who may see or contact whom (spec section 6). Every read path (search, profile, likes, chat, API, socket)
 * asks these functions instead of writing its own conditions.
 */

export type Access = { ok: true } | { ok: false; reason: 'not_found' | 'blocked' | 'self' | 'unconfirmed' }
/** Writing adds one refusal: fictional profiles receive no messages. */
export type MessageAccess = { ok: true } | { ok: false; reason: 'not_found' | 'blocked' | 'self' | 'unconfirmed' | 'fictional'; targetName?: string }

/** Everything the decisions below need about a (viewer, target) pair, read in one query. */
export interface PairState {
  name: string
  status: string
  isFictional: boolean
  invisible: boolean
  privacyMode: boolean
  userStatus: string | null
  blockedByTarget: boolean
  blockingTarget: boolean
  conversation: boolean
  targetLikedViewer: boolean
}

/** What the profile page shows of the pair besides the access decision, read in the same statement (issue 26). */
export interface PairRelation {
  /** The viewer blocked the target. */
  blocking: boolean
  /** The viewer liked the target. */
  liked: boolean
  conversationId: number | null
  /** The target's like of the viewer is still new (opening the profile clears it, spec section 4). */
  newLikeFromTarget: boolean
}

/** The pair's conversation, as a subquery (its id, or no row). */
export function pairConversation(v: number | Placeholder, targetId: number | Placeholder | SQLWrapper) {
  return sql`select c.id from ${conversations} c
    where c.profile_low_id = least(${v}::int, ${targetId}::int) and c.profile_high_id = greatest(${v}::int, ${targetId}::int)`
}

function relationColumns(v: number, targetId: number) {
  return {
    liked: sql<boolean>`exists (select 1 from ${likes} l where l.liker_id = ${v} and l.liked_id = ${targetId})`,
    conversationId: sql<number | null>`(${pairConversation(v, targetId)})`,
    newLikeFromTarget: sql<boolean>`exists (select 1 from ${likes} l where l.liker_id = ${targetId} and l.liked_id = ${v} and l.is_new)`,
  }
}

async function loadPair(viewerId: number | null, targetId: number): Promise<PairState | null> {
  const v = viewerId ?? 0
  const [row] = await db().select(pairColumns(v, targetId)).from(profiles).leftJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.id, targetId))
  return row ?? null
}

/** The columns of PairState, for a select on `profiles` left-joined with `users` (a page may add its own). */
export function pairColumns(v: number | Placeholder, targetId: number | Placeholder | SQLWrapper) {
  return {
    name: profiles.name,
    status: profiles.status,
    isFictional: profiles.isFictional,
    invisible: profiles.invisible,
    privacyMode: profiles.privacyMode,
    userStatus: users.status,
    blockedByTarget: sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_id = ${targetId} and b.blocked_id = ${v})`,
    blockingTarget: sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_id = ${v} and b.blocked_id = ${targetId})`,
    conversation: sql<boolean>`exists (${pairConversation(v, targetId)})`,
    targetLikedViewer: sql<boolean>`exists (select 1 from ${likes} l where l.liker_id = ${targetId} and l.liked_id = ${v})`,
  }
}

/** True when either of the two has blocked the other (one query). */
export async function isBlockedEitherWay(a: number, b: number): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql`1` })
    .from(blocks)
    .where(sql`(${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a})`)
    .limit(1)
  return !!row
}

/** True when `blocker` has blocked `blocked`. */
export async function isBlocking(blockerId: number, blockedId: number): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
  return !!row
}

/** canViewProfile's decision on a pair read already (a page that reads the pair with its own columns). */
export function viewDecision(viewerId: number | null, targetId: number, t: PairState): Access & { targetName?: string } {
  if (viewerId === targetId) return { ok: true }
  if (t.status !== 'active') return { ok: false, reason: 'not_found' }
  if (viewerId !== null && t.blockedByTarget) return { ok: false, reason: 'blocked', targetName: t.name }
  // Privacy mode: visible only to people the member liked or wrote to.
  if (t.privacyMode && (viewerId === null || !(t.targetLikedViewer || t.conversation))) return { ok: false, reason: 'not_found' }
  return { ok: true }
}

/** May `viewerId` (null for a visitor) open the profile of `targetId`? */
export async function canViewProfile(viewerId: number | null, targetId: number): Promise<Access & { targetName?: string }> {
  const t = await loadPair(viewerId, targetId)
  return t ? viewDecision(viewerId, targetId, t) : { ok: false, reason: 'not_found' }
}

/** canViewProfile for a member's look at a profile page, with what the page shows of the pair (one statement). */
export async function viewProfileWithRelation(viewerId: number, targetId: number): Promise<(Access & { targetName?: string }) & { relation?: PairRelation }> {
  const [t] = await db()
    .select({ ...pairColumns(viewerId, targetId), ...relationColumns(viewerId, targetId) })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, targetId))
  if (!t) return { ok: false, reason: 'not_found' }
  const access = viewDecision(viewerId, targetId, t)
  if (!access.ok) return access
  return { ...access, relation: { blocking: t.blockingTarget, liked: t.liked, conversationId: t.conversationId, newLikeFromTarget: t.newLikeFromTarget } }
}

/**
 * The partner's side of "may this member see this conversation now", as a condition on a partner id: the partner's
 * profile is active (not banned, suspended, deleted or unconfirmed) and has not blocked the viewer. A member who
 * blocked the partner still sees it (they may unblock). Privacy mode does not apply: they talk with each other.
 * canSeeConversation asks exactly this for one partner; bulk readers (the data export) use it in their query.
 */
export function conversationVisibleTo(viewerId: number, partnerId: SQL | number): SQL {
  return sql`exists (select 1 from ${profiles} p where p.id = ${partnerId} and p.id <> ${viewerId} and p.status = 'active'
    and not exists (select 1 from ${blocks} b where b.blocker_id = p.id and b.blocked_id = ${viewerId}))`
}

/**
 * May `viewerId` see their conversation with `partnerId` now: its page, its messages (every page and the catch-up),
 * its photos, receipts and typing on the socket, and the partner's messages in the viewer's data export. Blocked by
 * the partner: 'blocked', with the partner's name for the spec's refusal; a partner gone: 'not_found'.
 */
export async function canSeeConversation(viewerId: number, partnerId: number): Promise<Access & { targetName?: string }> {
  if (viewerId === partnerId) return { ok: false, reason: 'not_found' }
  const [row] = await db()
    .select({
      name: profiles.name,
      status: profiles.status,
      visible: sql<boolean>`${conversationVisibleTo(viewerId, partnerId)}`,
    })
    .from(profiles)
    .where(eq(profiles.id, partnerId))
  return row ? conversationDecision(row) : { ok: false, reason: 'not_found' }
}

/** canSeeConversation's decision on the partner's row: its name, status, and conversationVisibleTo as `visible`. */
export function conversationDecision(row: { name: string; status: string; visible: boolean }): Access & { targetName?: string } {
  if (row.visible) return { ok: true }
  return row.status === 'active' ? { ok: false, reason: 'blocked', targetName: row.name } : { ok: false, reason: 'not_found' }
}

/** May `senderId` write to or like `targetId`? Invisible members only hear from existing conversations. */
export async function canContact(senderId: number, targetId: number): Promise<Access & { targetName?: string }> {
  if (senderId === targetId) return { ok: false, reason: 'self' }
  const t = await loadPair(senderId, targetId)
  if (!t) return { ok: false, reason: 'not_found' }
  return contactDecision(senderId, targetId, t)
}

function contactDecision(senderId: number, targetId: number, t: PairState): Access & { targetName?: string } {
  const view = viewDecision(senderId, targetId, t)
  if (!view.ok) return view
  if (t.blockingTarget) return { ok: false, reason: 'blocked' }
  if (t.invisible && !t.conversation) return { ok: false, reason: 'not_found' }
  // Spec section 4: until a member confirms their e-mail, their partners cannot reply.
  if (t.userStatus === 'not_confirmed') return { ok: false, reason: 'unconfirmed', targetName: t.name }
  return { ok: true }
}

/**
 * May `senderId` write to `targetId`? As canContact, and never to a fictional profile: nobody writes as one, so a
 * message to it would be paid for and never answered (the product's honesty rule).
 */
export async function canMessage(senderId: number, targetId: number): Promise<MessageAccess> {
  if (senderId === targetId) return { ok: false, reason: 'self' }
  const t = await loadPair(senderId, targetId)
  return t ? messageDecision(senderId, targetId, t) : { ok: false, reason: 'not_found' }
}

/** canMessage's decision on a pair read already. */
export function messageDecision(senderId: number, targetId: number, t: PairState): MessageAccess {
  if (senderId === targetId) return { ok: false, reason: 'self' }
  const contact = contactDecision(senderId, targetId, t)
  if (!contact.ok) return contact
  if (t.isFictional) return { ok: false, reason: 'fictional', targetName: t.name }
  return { ok: true }
}

/**
 * Conditions on `profiles` for listing members to a viewer (search): active, not invisible, not self, no block
 * either way, and privacy-mode members only when they reached out to the viewer.
 */
export function listableTo(viewerId: number | Placeholder | null, plan: 'per-run' | 'reusable' = 'per-run'): SQL {
  // The fixed values as parameters or as literals, and with them how PostgreSQL plans a statement prepared once per
  // connection (db/query-tally.server.ts). As parameters, a generic plan cannot use the partial search indexes
  // (`where status = 'active' and invisible = false`), so every run is planned for its own values: right for a
  // page, whose best index depends on how many members its ages hold. As literals ('reusable'), the generic plan
  // uses them, and PostgreSQL keeps it after five runs: right for the count, which has one index whatever the
  // values (planning was 0.7-0.9 ms of its 0.7-1.5 ms, bench/search.ts).
  const literal = plan === 'reusable'
  const base = literal
    ? sql`${profiles.status} = 'active' and ${profiles.invisible} = false`
    : and(eq(profiles.status, 'active'), eq(profiles.invisible, false))!
  const notPrivate = literal ? sql`${profiles.privacyMode} = false` : eq(profiles.privacyMode, false)
  if (viewerId === null) return and(base, notPrivate)!
  // The viewer's blocks and contacts are read once per query, not once per candidate row: `not in (subquery)` is a
  // hashed SubPlan (one hash lookup per row; the columns are NOT NULL, so NOT IN means what it says), where the
  // earlier `<> all(array(...))` compared every row with every blocked id — two thirds of the time of a capped count
  // over a million profiles. The privacy-mode list is only consulted for the rare privacy-mode rows.
  return and(
    base,
    sql`${profiles.id} <> ${viewerId}`,
    sql`${profiles.id} not in (select b.blocked_id from ${blocks} b where b.blocker_id = ${viewerId} union all select b.blocker_id from ${blocks} b where b.blocked_id = ${viewerId})`,
    or(
      notPrivate,
      sql`${profiles.id} = any(array(select l.liker_id from ${likes} l where l.liked_id = ${viewerId}
        union all select c.profile_high_id from ${conversations} c where c.profile_low_id = ${viewerId}
        union all select c.profile_low_id from ${conversations} c where c.profile_high_id = ${viewerId}))`,
    ),
  )!
}

/**
 * Condition on `profiles` for the viewer's own lists: a privacy-mode member shows only to people they liked or
 * talk with (spec section 6), also where the viewer liked them first.
 */
export function privacyModeAllows(viewerId: number | Placeholder): SQL {
  return or(
    eq(profiles.privacyMode, false),
    sql`exists (select 1 from ${likes} l where l.liker_id = ${profiles.id} and l.liked_id = ${viewerId})`,
    sql`exists (select 1 from ${conversations} c where c.profile_low_id = least(${profiles.id}, ${viewerId}::int) and c.profile_high_id = greatest(${profiles.id}, ${viewerId}::int))`,
  )!
}

/** Conditions for showing a counterpart in the viewer's own lists (likes, chats): only blocks hide them there. */
export function notBlockedEitherWay(viewerId: number | SQL | Placeholder, otherIdColumn: SQL | typeof profiles.id): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${otherIdColumn} and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = ${otherIdColumn}))`
}

import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { mediaStore } from '#app/adapters/storage/index.server'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { createSession } from '#app/features/authentication/sessions.server'
import { startCheckout } from '#app/features/billing/checkout.server'
import { insertDecision, restrictAccount } from '#app/features/console/moderation/decisions.server'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { completeOperatorSession, startOperatorSession } from '#app/features/console/operators/operator-sessions.server'
import type { OperatorRole } from '#app/features/console/operators/permissions'
import { blockMember } from '#app/features/safety/block.server'
import { db } from '#db/client.server'
import { blocks, conversationMembers, conversations, directDebitMandates, messages, profileImages, profiles, users } from '#db/schema/index'
import { createMember } from '../setup/factories'
import { actorKinds, anonymousKinds, type ActorKind, type Ids } from './member-routes'
import { otherName } from './markers'

/**
 * The world the authorization matrix runs in (server/authorization-matrix.test.ts), written straight into the
 * database the server under test uses:
 * - the other member O, visible, with photos, a conversation with P (text and a photo), a payment and a moderation
 *   decision; every text of theirs carries a marker that a refusal must never show;
 * - H, a member in privacy mode nobody has contacted (hidden from everyone), B, a bystander to block and report,
 *   and Q, who has a conversation with each actor;
 * - K, who talked with every member actor (a text and a photo) and then blocked them all, and Z, who talked with
 *   every member actor and was then banned: neither conversation may be read any more by any path (issue 24,
 *   point 3); their messages carry markers that no answer may show;
 * - one actor of each kind with a session cookie (a member's `sid`, an operator's `osid`). Actors whose session
 *   opens nothing (pending deletion, banned, suspended) keep a session made after the change, as a cookie left
 *   in a browser would be.
 */

export interface Actor {
  kind: ActorKind
  /** The Cookie header of the actor's session ('' for the visitor). */
  cookie: string
  /** A new session of the same actor, for the cases that end the session they run in. */
  freshCookie(): Promise<string>
  /** This actor's own X-Forwarded-For address, so per-address limits count per actor. */
  ip: string
  ids: Ids
}

let fileSeq = 0
/** A photo row with files on disk (every variant, in both storage areas: the server picks the one it serves). */
async function addPhoto(profileId: number, opts: { main?: boolean; tag?: string } = {}): Promise<number> {
  fileSeq += 1
  const base = `authz-${opts.tag ?? 'p'}-${profileId}-${fileSeq}`
  const names = { filename: `${base}.webp`, thumbFilename: `${base}-t.webp`, matchFilename: `${base}-m.webp`, blurredFilename: `${base}-b.webp` }
  for (const name of Object.values(names)) await writeMedia(name)
  const [row] = await db()
    .insert(profileImages)
    .values({ profileId, ...names, status: 'active', position: fileSeq })
    .returning({ id: profileImages.id })
  if (opts.main) await db().update(profiles).set({ mainImageId: row.id }).where(eq(profiles.id, profileId))
  return row.id
}

/** Written through the configured media store: the matrix holds on object storage as on disk. */
async function writeMedia(name: string) {
  for (const area of ['public', 'private'] as const) await mediaStore().save(name, Buffer.from('RIFF0000WEBP'), area)
}

/** A conversation between a and b with the given messages (sender, body or photo file), all delivered. */
async function conversation(a: number, b: number, items: { from: number; body?: string; photo?: string }[]) {
  const [low, high] = a < b ? [a, b] : [b, a]
  const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: items[0].from }).returning({ id: conversations.id })
  const ids: number[] = []
  for (const it of items) {
    if (it.photo) await writeMedia(it.photo)
    const [m] = await db()
      .insert(messages)
      .values({
        conversationId: c.id,
        senderId: it.from,
        clientId: crypto.randomUUID(),
        body: it.body ?? '',
        kind: it.photo ? 'photo' : 'text',
        photo: it.photo ?? null,
      })
      .returning({ id: messages.id })
    ids.push(m.id)
  }
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: a, unreadCount: 1 },
      { conversationId: c.id, profileId: b, unreadCount: 1 },
    ])
  return { id: c.id, messageIds: ids }
}

let paymentSeq = 0
async function payment(userId: number) {
  paymentSeq += 1
  const r = await startCheckout({ userId, bundleId: 'm', method: 'ideal', idempotencyKey: `authz-${process.pid}-${paymentSeq}`, locale: 'en' })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  return r
}

const memberCookie = async (userId: number) => `sid=${await createSession(userId)}`

async function operatorCookie(operatorId: number) {
  return `osid=${await completeOperatorSession(await startOperatorSession(operatorId))}`
}

export interface World {
  actors: Actor[]
  /** Sessions of O and of the hidden member H, for their sockets. */
  otherCookie: string
  hiddenCookie: string
  other: { userId: number; profileId: number; mainPhoto: number; otherPhoto: number; chat: number; mandate: number }
}

export async function buildWorld(): Promise<World> {
  const o = await createMember({ name: otherName, email: 'oqzx-mail@example.com', credits: 50 })
  const p = await createMember({ name: 'Paulaqzx', email: 'pqzx-mail@example.com', gender: 'male' })
  const h = await createMember({ name: 'Hannaqzx', email: 'hqzx-mail@example.com', privacyMode: true })
  const b = await createMember({ name: 'Bystander', email: 'bqzx-mail@example.com' })
  const q = await createMember({ name: 'Quinn', email: 'quinn-authz@example.com' })
  const k = await createMember({ name: 'Kiraqzx', email: 'kqzx-mail@example.com' })
  const z = await createMember({ name: 'Zoranqzx', email: 'zqzx-mail@example.com' })
  await db().update(profiles).set({ aboutMe: 'oqzx-about: I like long walks.' }).where(eq(profiles.id, o.profileId))
  await db().update(profiles).set({ aboutMe: 'hqzx-about: private.' }).where(eq(profiles.id, h.profileId))
  const otherMainPhoto = await addPhoto(o.profileId, { main: true, tag: 'o' })
  const otherPhoto = await addPhoto(o.profileId, { tag: 'o' })
  const hiddenPhoto = await addPhoto(h.profileId, { main: true, tag: 'h' })
  const op = await conversation(o.profileId, p.profileId, [
    { from: o.profileId, body: 'oqzx-message-to-p: see you at eight' },
    { from: p.profileId, body: 'pqzx-message-to-o: fine' },
    { from: o.profileId, photo: 'oqzx-chatphoto.webp' },
  ])
  const otherPayment = await payment(o.userId)
  const [sandbox] = otherPayment.redirectTo.match(/sbx_[\w-]+/) ?? []
  const otherDecision = await db().transaction((tx) =>
    insertDecision(
      tx,
      { id: 1, name: 'Authz' },
      { userId: o.userId, profileId: o.profileId, source: 'report', contentType: 'profile', action: 'warning', reason: 'other', note: 'oqzx-decision-note' },
    ),
  )
  const [otherMandate] = await db()
    .insert(directDebitMandates)
    .values({
      userId: o.userId,
      accountHolder: 'oqzx-holder',
      ibanPending: 'NL91ABNA0417164300',
      ibanLast4: '4300',
      ibanHash: 'a'.repeat(64),
      street: 'oqzx-street',
      houseNumber: '1',
      zip: '1011AA',
      city: 'Amsterdam',
      phone: '+31612345678',
      phoneHash: 'b'.repeat(64),
      codesSent: 1,
      codeExpiresAt: new Date(Date.now() + 600_000),
    })
    .returning({ id: directDebitMandates.id })
  const shared = {
    other: o.profileId,
    otherChat: op.id,
    otherMessage: op.messageIds[0],
    otherPhotoMessage: op.messageIds[2],
    otherPhoto,
    otherMainPhoto,
    otherPayment: otherPayment.paymentId,
    otherSandbox: sandbox ?? 'sbx_missing',
    otherDecision,
    otherMandate: otherMandate.id,
    hidden: h.profileId,
    hiddenPhoto,
    bystander: b.profileId,
    partner: q.profileId,
    blocker: k.profileId,
    banned: z.profileId,
  }

  const operatorIds = new Map<OperatorRole, number>()
  for (const role of ['admin', 'moderator', 'support'] as const) {
    operatorIds.set(role, await createOperator({ email: `authz-${role}@example.com`, name: `Authz ${role}`, role, password: 'operator-password-123' }))
  }

  const actors: Actor[] = []
  let ipSeq = 10
  for (const kind of actorKinds) {
    ipSeq += 1
    const ip = `10.77.0.${ipSeq}`
    if (kind === 'visitor' || kind === 'admin' || kind === 'moderator' || kind === 'support') {
      const operatorId = operatorIds.get(kind as OperatorRole)
      const freshCookie = operatorId ? () => operatorCookie(operatorId) : async () => ''
      actors.push({ kind, cookie: await freshCookie(), freshCookie, ip, ids: { ...shared } as Ids })
      continue
    }
    const a = await createMember({
      gender: 'male',
      name: `Actor${kind}`,
      email: `actor-${kind}@example.com`,
      status: kind === 'unconfirmed' ? 'not_confirmed' : 'active',
      profileStatus: kind === 'unconfirmed' ? 'disabled' : 'active',
      paidUser: kind === 'premium',
      credits: kind === 'premium' ? 500 : 0,
      invisible: kind === 'invisible',
      privacyMode: kind === 'privacy',
    })
    const ownPhoto = await addPhoto(a.profileId, { main: true, tag: 'a' })
    const own = await conversation(a.profileId, q.profileId, [
      { from: q.profileId, body: `hello ${kind}` },
      { from: q.profileId, photo: `authz-qphoto-${a.profileId}.webp` },
      { from: a.profileId, body: 'hello Quinn' },
    ])
    const withBlocker = await conversation(a.profileId, k.profileId, [
      { from: k.profileId, body: `kqzx-message-to-${kind}` },
      { from: k.profileId, photo: `kqzx-chatphoto-${a.profileId}.webp` },
      { from: a.profileId, body: 'hello K' },
    ])
    const withBanned = await conversation(a.profileId, z.profileId, [
      { from: z.profileId, body: `zqzx-message-to-${kind}` },
      { from: z.profileId, photo: `zqzx-chatphoto-${a.profileId}.webp` },
      { from: a.profileId, body: 'hello Z' },
    ])
    // Written straight in: blockMember refuses a profile it cannot see (the unconfirmed actor's is not listed yet).
    await db().insert(blocks).values({ blockerId: k.profileId, blockedId: a.profileId })
    const ownPayment = await payment(a.userId)
    if (kind === 'blockedByOther') await blockMember(o.profileId, a.profileId)
    if (kind === 'pendingDeletion') await requestAccountDeletion(a.userId, 'other')
    if (kind === 'banned' || kind === 'suspended') {
      const until = kind === 'suspended' ? new Date(Date.now() + 7 * 86_400_000) : null
      await db().transaction(async (tx) => {
        const decisionId = await insertDecision(
          tx,
          { id: 1, name: 'Authz' },
          {
            userId: a.userId,
            profileId: a.profileId,
            source: 'report',
            contentType: 'account',
            action: kind === 'banned' ? 'ban' : 'suspension',
            reason: 'other',
            suspendedUntil: until,
          },
        )
        await restrictAccount(tx, { userId: a.userId, profileId: a.profileId, decisionId, until })
      })
    }
    const ids: Ids = {
      ...shared,
      self: a.profileId,
      ownChat: own.id,
      ownMessage: own.messageIds[0],
      ownPhotoMessage: own.messageIds[1],
      ownPhoto,
      ownPayment: ownPayment.paymentId,
      blockerChat: withBlocker.id,
      blockerMessage: withBlocker.messageIds[0],
      blockerPhotoMessage: withBlocker.messageIds[1],
      bannedChat: withBanned.id,
      bannedMessage: withBanned.messageIds[0],
      bannedPhotoMessage: withBanned.messageIds[1],
    }
    actors.push({ kind, cookie: await memberCookie(a.userId), freshCookie: () => memberCookie(a.userId), ip, ids })
  }
  // Z is banned after the conversations: the ban, not a missing conversation, must close them.
  await db().transaction(async (tx) => {
    const decisionId = await insertDecision(
      tx,
      { id: 1, name: 'Authz' },
      { userId: z.userId, profileId: z.profileId, source: 'report', contentType: 'account', action: 'ban', reason: 'other', suspendedUntil: null },
    )
    await restrictAccount(tx, { userId: z.userId, profileId: z.profileId, decisionId, until: null })
  })
  // Actors without a member session try the free member's own things: someone else's, for them.
  const free = actors.find((a) => a.kind === 'free')!
  for (const a of actors) if ((anonymousKinds as readonly string[]).includes(a.kind)) a.ids = { ...free.ids }
  const [check] = await db().select({ status: users.status }).from(users).where(eq(users.id, o.userId))
  if (check?.status !== 'active') throw new Error('the other member must be active')
  return {
    actors,
    otherCookie: await memberCookie(o.userId),
    hiddenCookie: await memberCookie(h.userId),
    other: { userId: o.userId, profileId: o.profileId, mainPhoto: otherMainPhoto, otherPhoto, chat: op.id, mandate: otherMandate.id },
  }
}

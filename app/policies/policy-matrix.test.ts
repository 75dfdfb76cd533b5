/* eslint-disable import-x/no-restricted-paths -- the matrix drives every read path that relies on these policies */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../tests/setup/test-db'
import { createMember } from '../../tests/setup/factories'
import { captureMail } from '../../tests/setup/mail'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { getBadgeCounts, getViewer, type Viewer } from '#app/features/authentication/viewer.server'
import { listChats } from '#app/features/chat/conversations.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { likeProfile, listLikes, type LikesTab } from '#app/features/likes/likes.server'
import { photoFileFor } from '#app/features/photos/photo-access.server'
import { loadProfilePage } from '#app/features/profiles/profile-page.server'
import { searchMembers } from '#app/features/search/search-members.server'
import { visitorMaySearch } from '#app/features/search/visitor-search.server'
import { getSettings } from '#app/features/settings/settings.server'
import * as chatsApi from '#app/routes/api/chats.php'
import * as likesApi from '#app/routes/api/likes.php'
import * as userApi from '#app/routes/api/user.php'
import { db } from '#db/client.server'
import { conversationMembers, conversations, likes, messages, profileImages, profiles, users } from '#db/schema/index'
import { blockMember } from '#app/features/safety/block.server'
import { canViewProfile } from './visibility.server'

useTestDatabase()
captureMail()

/**
 * Who may see whom (spec section 6), on every read path at once. Each cell builds a small world:
 * - the actor (A), in one of the states below;
 * - a target T without any history with A (search, profile, like, message, photos);
 * - a target R in the same state as T that has history with A from before: R liked A, A liked R, they talked
 *   (likes lists and chat list).
 * Then it reads every resource as the actor and compares with the expected cell. Independently of the table,
 * every cell checks that a profile the policy hides from the actor shows up on no path.
 */

const actorKinds = ['visitor', 'free', 'premium', 'blocked', 'blocker', 'unconfirmed', 'pending_deletion'] as const
const targetKinds = ['normal', 'invisible', 'privacy', 'pending_deletion', 'unconfirmed'] as const
type ActorKind = (typeof actorKinds)[number]
type TargetKind = (typeof targetKinds)[number]

interface Cell {
  /** T found by searchMembers. */
  search: boolean
  /** loadProfilePage(T). */
  profile: 'ok' | 'blocked' | 'not_found'
  /** likeProfile(T): ok or the error; 'login' when there is no logged-in viewer. */
  like: string
  /** sendMessage(T): ok, held (stored, not delivered) or the error; 'login' without a viewer. */
  message: string
  /** The tabs of listLikes that show R: all, none; 'login' without a viewer. */
  likes: 'all' | 'none' | 'login'
  /** listChats shows the conversation with R. */
  chats: 'listed' | 'absent' | 'login'
  /** photoFileFor(T's main photo) / (T's other photo): real, blurred or none. */
  photo: string
  /** GET /api/user.php: the actor's own user, or null. */
  api: 'self' | 'null'
}

function cell(
  search: boolean,
  profile: Cell['profile'],
  like: string,
  message: string,
  lists: Cell['likes'],
  chats: Cell['chats'],
  photo: string,
  api: Cell['api'],
): Cell {
  return { search, profile, like, message, likes: lists, chats, photo, api }
}

// A visitor, and a member of an account pending deletion (who has no session and no viewer: every path treats
// them as a visitor).
const visitor: Record<TargetKind, Cell> = {
  normal: cell(true, 'ok', 'login', 'login', 'login', 'login', 'real/blurred', 'null'),
  invisible: cell(false, 'ok', 'login', 'login', 'login', 'login', 'real/blurred', 'null'),
  privacy: cell(false, 'not_found', 'login', 'login', 'login', 'login', 'none/none', 'null'),
  pending_deletion: cell(false, 'not_found', 'login', 'login', 'login', 'login', 'none/none', 'null'),
  unconfirmed: cell(false, 'not_found', 'login', 'login', 'login', 'login', 'none/none', 'null'),
}

const expected: Record<ActorKind, Record<TargetKind, Cell>> = {
  visitor,
  free: {
    normal: cell(true, 'ok', 'ok', 'ok', 'all', 'listed', 'real/blurred', 'self'),
    invisible: cell(false, 'ok', 'not_found', 'not_found', 'all', 'listed', 'real/blurred', 'self'),
    privacy: cell(false, 'not_found', 'not_found', 'not_found', 'all', 'listed', 'none/none', 'self'),
    pending_deletion: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    unconfirmed: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
  },
  premium: {
    normal: cell(true, 'ok', 'ok', 'ok', 'all', 'listed', 'real/real', 'self'),
    invisible: cell(false, 'ok', 'not_found', 'not_found', 'all', 'listed', 'real/real', 'self'),
    privacy: cell(false, 'not_found', 'not_found', 'not_found', 'all', 'listed', 'none/none', 'self'),
    pending_deletion: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    unconfirmed: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
  },
  // The targets blocked the actor.
  blocked: {
    normal: cell(false, 'blocked', 'blocked', 'blocked', 'none', 'absent', 'none/none', 'self'),
    invisible: cell(false, 'blocked', 'blocked', 'blocked', 'none', 'absent', 'none/none', 'self'),
    privacy: cell(false, 'blocked', 'blocked', 'blocked', 'none', 'absent', 'none/none', 'self'),
    // A profile that is gone is gone: no "blocked by {name}" for it.
    pending_deletion: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    unconfirmed: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
  },
  // The actor blocked the targets: they may still open the profile, but not find or contact them.
  blocker: {
    normal: cell(false, 'ok', 'blocked', 'blocked', 'none', 'absent', 'real/blurred', 'self'),
    invisible: cell(false, 'ok', 'blocked', 'blocked', 'none', 'absent', 'real/blurred', 'self'),
    privacy: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    pending_deletion: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    unconfirmed: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
  },
  // An unconfirmed member browses like a free member; their messages are held back until they confirm.
  unconfirmed: {
    normal: cell(true, 'ok', 'ok', 'held', 'all', 'listed', 'real/blurred', 'self'),
    invisible: cell(false, 'ok', 'not_found', 'not_found', 'all', 'listed', 'real/blurred', 'self'),
    privacy: cell(false, 'not_found', 'not_found', 'not_found', 'all', 'listed', 'none/none', 'self'),
    pending_deletion: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
    unconfirmed: cell(false, 'not_found', 'not_found', 'not_found', 'none', 'absent', 'none/none', 'self'),
  },
  pending_deletion: visitor,
}

let seq = 0

async function addPhotos(profileId: number, tag: string) {
  const rows = await db()
    .insert(profileImages)
    .values(
      ['main', 'other'].map((kind, position) => ({
        profileId,
        filename: `${tag}-${kind}.webp`,
        thumbFilename: `${tag}-${kind}-t.webp`,
        matchFilename: `${tag}-${kind}-m.webp`,
        blurredFilename: `${tag}-${kind}-b.webp`,
        status: 'active' as const,
        position,
      })),
    )
    .returning({ id: profileImages.id })
  await db().update(profiles).set({ mainImageId: rows[0].id }).where(eq(profiles.id, profileId))
  return { main: rows[0].id, other: rows[1].id }
}

/** History between A and R, written straight into the tables as it would stand before any state change. */
async function history(a: number, r: number) {
  await db()
    .insert(likes)
    .values([
      { likerId: r, likedId: a },
      { likerId: a, likedId: r },
    ])
  const [low, high] = a < r ? [a, r] : [r, a]
  const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: r }).returning({ id: conversations.id })
  await db()
    .insert(messages)
    .values([
      { conversationId: c.id, senderId: r, clientId: crypto.randomUUID(), body: 'hello from R' },
      { conversationId: c.id, senderId: a, clientId: crypto.randomUUID(), body: 'hello back' },
    ])
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: a, unreadCount: 1 },
      { conversationId: c.id, profileId: r, unreadCount: 0 },
    ])
}

async function applyTargetState(kind: TargetKind, t: { userId: number; profileId: number }) {
  if (kind === 'invisible') await db().update(profiles).set({ invisible: true }).where(eq(profiles.id, t.profileId))
  if (kind === 'privacy') await db().update(profiles).set({ privacyMode: true }).where(eq(profiles.id, t.profileId))
  if (kind === 'pending_deletion') await requestAccountDeletion(t.userId, 'privacy')
  if (kind === 'unconfirmed') {
    // As after signup: the account awaits confirmation and the profile is not listed.
    await db().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, t.userId))
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, t.profileId))
  }
}

async function buildWorld(actorKind: ActorKind, targetKind: TargetKind) {
  seq += 1
  const tag = `w${seq}`
  const t = await createMember({ name: `Tfresh${seq}`, email: `tfresh${seq}@example.com`, birthDate: '1994-04-04' })
  const r = await createMember({ name: `Trelated${seq}`, email: `trelated${seq}@example.com`, birthDate: '1994-04-04' })
  const tPhotos = await addPhotos(t.profileId, `${tag}-t`)
  await addPhotos(r.profileId, `${tag}-r`)
  const a = actorKind === 'visitor' ? null : await createMember({ gender: 'male', name: `Actor${seq}`, email: `actor${seq}@example.com` })
  if (a) await history(a.profileId, r.profileId)

  await applyTargetState(targetKind, t)
  await applyTargetState(targetKind, r)
  if (a) {
    if (actorKind === 'premium') await db().update(users).set({ paidUser: true, credits: 100 }).where(eq(users.id, a.userId))
    if (actorKind === 'blocked') for (const x of [t, r]) await blockMember(x.profileId, a.profileId)
    if (actorKind === 'blocker') for (const x of [t, r]) await blockMember(a.profileId, x.profileId)
    if (actorKind === 'unconfirmed') {
      await db().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, a.userId))
      await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, a.profileId))
    }
    if (actorKind === 'pending_deletion') await requestAccountDeletion(a.userId, 'other')
  }
  // What the server resolves for the actor's session: pending deletion has none (sessions end, getViewer refuses).
  const viewer: Viewer | null = a ? await getViewer(a.userId) : null
  return { t, r, a, tPhotos, viewer }
}

function ctx(viewer: Viewer | null) {
  return { viewer, sessionToken: null, clientIp: '10.1.2.3' }
}

function call<T>(fn: (args: never) => T, path: string, viewer: Viewer | null): T {
  return fn({ request: new Request(`http://localhost${path}`), params: {}, context: ctx(viewer) } as never)
}

async function json(p: Promise<Response> | Response): Promise<{ status: number; text: string }> {
  let res: Response
  try {
    res = await p
  } catch (e) {
    if (!(e instanceof Response)) throw e
    res = e
  }
  return { status: res.status, text: await res.text() }
}

const photoOf = (f: { blurred: boolean } | null) => (f ? (f.blurred ? 'blurred' : 'real') : 'none')

async function readCell(w: Awaited<ReturnType<typeof buildWorld>>): Promise<Cell> {
  const viewerId = w.viewer?.profileId ?? null
  const photoViewer = w.viewer ? { profileId: w.viewer.profileId, paidUser: w.viewer.paidUser } : null
  const settings = await getSettings()
  expect(visitorMaySearch(settings, null)).toBe(true)

  const found = await searchMembers(viewerId, { gender: 'female', country: '', countryregion: '', min_age: 18, max_age: 99, page: 1 }, 100)
  const page = await loadProfilePage(viewerId, w.t.profileId)
  const photo = `${photoOf(await photoFileFor(photoViewer, w.tPhotos.main, 'full'))}/${photoOf(await photoFileFor(photoViewer, w.tPhotos.other, 'full'))}`
  const api = JSON.parse((await json(call(userApi.loader, '/api/user.php', w.viewer))).text) as { user: { id: number } | null }

  let likesCell: Cell['likes'] = 'login'
  let chats: Cell['chats'] = 'login'
  let like = 'login'
  let message = 'login'
  if (viewerId !== null) {
    const tabs: LikesTab[] = ['received', 'sent', 'matches']
    const shown = await Promise.all(tabs.map(async (tab) => (await listLikes(viewerId, tab)).some((e) => e.profile.id === w.r.profileId)))
    likesCell = shown.every(Boolean) ? 'all' : shown.some(Boolean) ? (tabs.filter((_, i) => shown[i]).join('+') as Cell['likes']) : 'none'
    chats = (await listChats(viewerId)).some((c) => c.profile.id === w.r.profileId) ? 'listed' : 'absent'
    // Writing paths last: they change the world.
    const l = await likeProfile(viewerId, w.t.profileId)
    like = l.ok ? 'ok' : l.error
    const m = await sendMessage({ senderId: viewerId, toProfileId: w.t.profileId, clientId: crypto.randomUUID(), body: 'hi' })
    message = m.ok ? (m.undelivered ? 'held' : 'ok') : m.error
  }
  return {
    search: found.profiles.some((p) => p.id === w.t.profileId),
    profile: page.kind,
    like,
    message,
    likes: likesCell,
    chats,
    photo,
    api: api.user && w.a && api.user.id === w.a.userId ? 'self' : api.user === null ? 'null' : (`other:${api.user.id}` as 'self'),
  }
}

/** Whatever the table says: a profile the policy hides from the actor appears on no path. */
async function assertNoLeak(w: Awaited<ReturnType<typeof buildWorld>>) {
  const viewerId = w.viewer?.profileId ?? null
  for (const target of [w.t, w.r]) {
    const name = target === w.t ? `Tfresh${seq}` : `Trelated${seq}`
    const access = await canViewProfile(viewerId, target.profileId)
    if (access.ok) continue
    const found = await searchMembers(viewerId, { gender: 'any', country: '', countryregion: '', min_age: 18, max_age: 99, page: 1 }, 100)
    expect(
      found.profiles.map((p) => p.id),
      `${name} in search`,
    ).not.toContain(target.profileId)
    expect((await loadProfilePage(viewerId, target.profileId)).kind, `${name} profile`).not.toBe('ok')
    const images = await db().select({ id: profileImages.id }).from(profileImages).where(eq(profileImages.profileId, target.profileId))
    for (const img of images) for (const v of ['full', 'thumb', 'match'] as const) expect(await photoFileFor(w.viewer, img.id, v), `${name} photo`).toBeNull()
    if (viewerId !== null) {
      for (const tab of ['received', 'sent', 'matches'] as const)
        expect(
          (await listLikes(viewerId, tab)).map((e) => e.profile.id),
          `${name} in ${tab}`,
        ).not.toContain(target.profileId)
      expect(
        (await listChats(viewerId)).map((c) => c.profile.id),
        `${name} in chats`,
      ).not.toContain(target.profileId)
    }
    // The JSON API: nothing about the hidden profile, neither its name nor its e-mail nor its files.
    for (const [loader, path] of [
      [userApi.loader, '/api/user.php'],
      [likesApi.loader, '/api/likes.php'],
      [chatsApi.loader, '/api/chats.php'],
    ] as const) {
      const res = await json(call(loader as (args: never) => Promise<Response>, path, w.viewer))
      if (viewerId === null && path !== '/api/user.php') expect(res.status, path).toBe(403)
      for (const secret of [name, `${name.toLowerCase()}@example.com`, `${target === w.t ? 't' : 'r'}-main`])
        expect(res.text, `${path} leaks ${secret}`).not.toContain(secret)
    }
  }
  // Badge counts never count what the lists do not show.
  if (viewerId !== null) {
    const counts = await getBadgeCounts(viewerId)
    const unreadShown = (await listChats(viewerId)).reduce((s, c) => s + c.num_unread_messages, 0)
    expect(counts.unread, 'unread badge = unread in the chat list').toBe(unreadShown)
    const newShown = (await listLikes(viewerId, 'received')).filter((e) => e.like_new).length
    expect(counts.newLikes, 'new-likes badge = new likes in the list').toBe(newShown)
  }
}

describe('policy matrix', () => {
  for (const actorKind of actorKinds) {
    describe(`actor: ${actorKind}`, () => {
      for (const targetKind of targetKinds) {
        it(`target: ${targetKind}`, async () => {
          const w = await buildWorld(actorKind, targetKind)
          if (actorKind === 'pending_deletion') expect(w.viewer).toBeNull()
          else if (actorKind !== 'visitor') expect(w.viewer).not.toBeNull()
          await assertNoLeak(w)
          expect(await readCell(w)).toEqual(expected[actorKind][targetKind])
        })
      }
    })
  }
})

describe('privacy mode and the viewer’s own likes', () => {
  it('a privacy-mode member the viewer liked, who never reached out, does not show in the viewer’s lists', async () => {
    const viewer = await createMember({ gender: 'male' })
    const shy = await createMember({ name: 'Shy' })
    await likeProfile(viewer.profileId, shy.profileId)
    expect((await listLikes(viewer.profileId, 'sent')).map((e) => e.profile.id)).toEqual([shy.profileId])
    await db().update(profiles).set({ privacyMode: true }).where(eq(profiles.id, shy.profileId))
    expect(await canViewProfile(viewer.profileId, shy.profileId)).toEqual({ ok: false, reason: 'not_found' })
    expect((await listLikes(viewer.profileId, 'sent')).map((e) => e.profile.id)).toEqual([])
    // Once they like back, they chose to be seen.
    await db().insert(likes).values({ likerId: shy.profileId, likedId: viewer.profileId })
    expect((await listLikes(viewer.profileId, 'sent')).map((e) => e.profile.id)).toEqual([shy.profileId])
  })
})

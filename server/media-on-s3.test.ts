import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaStore } from '#app/adapters/storage/media-store'
import { db } from '#db/client.server'
import { profileImages, users } from '#db/schema/index'
import { startAppServer, type AppServer } from '../tests/setup/app-server'
import { createMember } from '../tests/setup/factories'
import { startS3Server, type S3Server } from '../tests/setup/s3-server'
import { startServer } from '../tests/setup/server-process'
import { jpeg } from '../tests/setup/upload-fixtures'

// Photos with MEDIA_STORAGE=s3, end to end against the production build (run `npx react-router build` first) and a
// local S3 server: uploaded through the API, served to those allowed and refused to the others through the app,
// the public area streamed at /media, and an erased member leaves no object in the bucket.

let s3: S3Server
let server: AppServer
let store: MediaStore
const saved = { ...process.env }

beforeAll(async () => {
  s3 = await startS3Server()
  Object.assign(process.env, {
    MEDIA_STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  })
  server = await startAppServer('h4s3')
  // The test's own modules see the same configuration as the server: the S3 store.
  const { mediaStore } = await import('#app/adapters/storage/index.server')
  store = mediaStore()
  expect(store.kind).toBe('s3')
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await s3?.stop()
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
  Object.assign(process.env, saved)
})

const DAY = 86400_000

async function member(opts: Parameters<typeof createMember>[0] = {}) {
  const m = await createMember(opts)
  await db()
    .update(users)
    .set({ confirmedAt: sql`now()` })
    .where(eq(users.id, m.userId))
  const { createSession } = await import('#app/features/authentication/sessions.server')
  return { ...m, cookie: `sid=${await createSession(m.userId)}` }
}

async function upload(cookie: string, color: string): Promise<number> {
  const form = new FormData()
  form.set('photo', new File([new Uint8Array(await jpeg(400, 300, color))], 'me.jpg', { type: 'image/jpeg' }))
  const res = await fetch(`${server.origin}/api/photos.php`, { method: 'POST', body: form, headers: { cookie, origin: server.origin } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { photo: { id: number } }).photo.id
}

const get = (path: string, cookie = '', headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers: { cookie, ...headers } })
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())

async function allObjects(): Promise<string[]> {
  return [...(await store.list('public')).map((n) => `public/${n}`), ...(await store.list('private')).map((n) => `private/${n}`)]
}

describe('media on S3-compatible object storage', () => {
  it('serves an uploaded photo to those allowed, only blurred to free members, never to the others, and nothing private at /media', async () => {
    const owner = await member({ name: 'S3 Owner' })
    const premium = await member({ paidUser: true })
    const free = await member()
    const blocked = await member({ paidUser: true })
    const mainId = await upload(owner.cookie, '#c33')
    const secondId = await upload(owner.cookie, '#3c3')
    const [second] = await db().select().from(profileImages).where(eq(profileImages.id, secondId))
    const [main] = await db().select().from(profileImages).where(eq(profileImages.id, mainId))

    // In the bucket: the second photo's originals private, its blurred copy public; the main photo public.
    expect(await store.list('private', `${owner.profileId}-`)).toEqual([second.filename, second.matchFilename, second.thumbFilename].sort())
    expect(await store.list('public', `${owner.profileId}-`)).toEqual(
      [main.filename, main.blurredFilename, main.matchFilename, main.thumbFilename, second.blurredFilename].sort(),
    )

    const original = await store.read(second.filename, 'private')
    const asPremium = await get(`/photo/${secondId}/full`, premium.cookie)
    expect(asPremium.status).toBe(200)
    expect(asPremium.headers.get('content-type')).toBe('image/webp')
    expect(asPremium.headers.get('cache-control')).toBe('private, max-age=300')
    expect(Number(asPremium.headers.get('content-length'))).toBe(original!.length)
    expect((await bytesOf(asPremium)).equals(original!)).toBe(true)
    // Asked again with the copy it holds: 304, after the same check.
    expect((await get(`/photo/${secondId}/full`, premium.cookie, { 'if-none-match': asPremium.headers.get('etag')! })).status).toBe(304)

    const asFree = await get(`/photo/${secondId}/full`, free.cookie)
    expect(asFree.headers.get('x-photo-blurred')).toBe('1')
    expect((await bytesOf(asFree)).equals((await store.read(second.blurredFilename, 'public'))!)).toBe(true)
    expect((await bytesOf(await get(`/photo/${secondId}/full`, owner.cookie))).equals(original!)).toBe(true)

    const { blockMember } = await import('#app/features/safety/block.server')
    await blockMember(owner.profileId, blocked.profileId)
    expect((await get(`/photo/${secondId}/full`, blocked.cookie)).status).toBe(404)
    expect((await get(`/photo/${mainId}/full`, blocked.cookie)).status).toBe(404)

    // The public area, streamed from the bucket with a week's public caching and an ETag; nothing private there.
    const blurred = await get(`/media/${second.blurredFilename}`)
    expect(blurred.status).toBe(200)
    expect(blurred.headers.get('cache-control')).toBe('public, max-age=604800')
    expect((await bytesOf(blurred)).equals((await store.read(second.blurredFilename, 'public'))!)).toBe(true)
    expect((await get(`/media/${second.blurredFilename}`, '', { 'if-none-match': blurred.headers.get('etag')! })).status).toBe(304)
    expect((await fetch(`${server.origin}/media/${main.thumbFilename}`, { method: 'HEAD' })).headers.get('content-length')).toBe(
      String((await store.read(main.thumbFilename, 'public'))!.length),
    )
    for (const path of [
      `/media/${second.filename}`,
      `/media/${second.thumbFilename}`,
      '/media/nothing.webp',
      '/media/..%2Fprivate%2F' + second.filename,
      `/media/private/${second.filename}`,
    ])
      expect((await get(path)).status, path).toBe(404)

    // Made main: its files become public, the old main's private; the blocked member still sees nothing.
    const setMain = await import('#app/features/photos/photos.server')
    await setMain.setMainPhoto(owner.profileId, secondId)
    expect((await get(`/media/${second.thumbFilename}`)).status).toBe(200)
    expect((await get(`/media/${main.thumbFilename}`)).status).toBe(404)
    expect(await store.list('private', `${owner.profileId}-`)).toEqual([main.filename, main.matchFilename, main.thumbFilename].sort())
  })

  it('serves a chat photo to the two members of the chat only, and erasure leaves no object of the member in the bucket', async () => {
    const leaver = await member({ paidUser: true, credits: 100 })
    const partner = await member({ paidUser: true, credits: 100 })
    const stranger = await member({ paidUser: true })
    const stayer = await member()
    await upload(leaver.cookie, '#33c')
    await upload(leaver.cookie, '#c3c')
    const stayerPhoto = await upload(stayer.cookie, '#cc3')
    const { sendChatPhoto } = await import('#app/features/chat/chat-photos.server')
    const fromLeaver = await sendChatPhoto(leaver.profileId, partner.profileId, crypto.randomUUID(), await jpeg(300, 300, '#111'))
    const fromPartner = await sendChatPhoto(partner.profileId, leaver.profileId, crypto.randomUUID(), await jpeg(300, 300, '#222'))
    if (!fromLeaver.ok || !fromPartner.ok) throw new Error('chat photos refused')
    const path = `/chats/${fromLeaver.message.conversationId}/photos/${fromLeaver.message.id}`
    const asPartner = await get(path, partner.cookie)
    expect(asPartner.status).toBe(200)
    expect(asPartner.headers.get('content-type')).toBe('image/webp')
    expect((await get(path, stranger.cookie)).status).toBe(404)
    // A visitor is sent to the login page.
    const anonymous = await fetch(`${server.origin}${path}`, { redirect: 'manual' })
    expect([302, 303, 401]).toContain(anonymous.status)
    expect(anonymous.headers.get('content-type')).not.toBe('image/webp')
    const chatObjects = (await store.list('private', 'chat-')).filter(
      (n) => n.startsWith(`chat-${leaver.profileId}-`) || n.startsWith(`chat-${partner.profileId}-`),
    )
    expect(chatObjects).toHaveLength(2)
    // A stray object under the member's name that no row points at (a delete that failed once) goes too.
    await store.save(`${leaver.profileId}-stray.webp`, Buffer.from('left over'), 'private')

    const before = await allObjects()
    const { purgeExpiredDeletions, requestAccountDeletion } = await import('#app/features/accounts/deletion.server')
    await requestAccountDeletion(leaver.userId, 'privacy')
    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBeGreaterThanOrEqual(1)

    const after = await allObjects()
    const ofLeaver = (k: string) => k.includes(`/${leaver.profileId}-`) || k.includes(`/chat-${leaver.profileId}-`)
    expect(before.filter(ofLeaver).length).toBe(8 + 1 + 1)
    expect(after.filter(ofLeaver)).toEqual([])
    // The partner's photo was in the erased conversation: gone with it. Everyone else keeps theirs.
    expect(after.filter((k) => k.includes(`/chat-${partner.profileId}-`))).toEqual([])
    expect(after).toEqual(before.filter((k) => !ofLeaver(k) && !k.includes(`/chat-${partner.profileId}-`)))
    const [kept] = await db().select().from(profileImages).where(eq(profileImages.id, stayerPhoto))
    expect(await store.read(kept.blurredFilename, 'public')).not.toBeNull()
  })

  it('refuses to start on a bucket that does not exist, naming the setting', async () => {
    const env = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'no-such-bucket',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      DATABASE_URL: '',
    }
    await expect(startServer(env, 30_000)).rejects.toThrow(/server exited \(78\)[\s\S]*S3_BUCKET: the bucket "no-such-bucket" does not exist/)
  })
})

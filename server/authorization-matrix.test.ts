import { and, eq, isNotNull } from 'drizzle-orm'
import WebSocket from 'ws'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { consoleRoutes } from '../tests/authorization/console-routes'
import { can, type OperatorRole } from '#app/features/console/operators/permissions'
import { db } from '#db/client.server'
import { conversationMembers, directDebitMandates, messages, moderationDecisions, payments, profileImages, profiles, reports } from '#db/schema/index'
import { startAppServer, type AppServer } from '../tests/setup/app-server'
import {
  anonymousKinds,
  consoleOpenRoutes,
  memberRoutes,
  socketCases,
  type ActorKind,
  type Outcome,
  type RouteCase,
} from '../tests/authorization/member-routes'
import { fill, isRefusal, leaks, matches, outcomeOf, send } from '../tests/authorization/requests'
import { secretMarkers } from '../tests/authorization/markers'
import type { Actor, World } from '../tests/authorization/world'

// The authorization matrix of issue 15 over HTTP and the socket, against the production build (run
// `npx react-router build` first): every member route × every kind of actor (tests/authorization/member-routes.ts),
// the socket's events, and the console's routes for members and visitors. Refusals must show nothing of another
// member; some things of other people (their e-mail, their messages, a hidden member) must show nowhere.

let server: AppServer
let world: World

beforeAll(async () => {
  server = await startAppServer('authz')
  // Loaded after the server: the modules it shares with the build (React's server renderer) are then the
  // production ones, as in a real process.
  const { buildWorld } = await import('../tests/authorization/world')
  world = await buildWorld()
}, 120_000)

// Each test starts with live sessions: a case before may have ended them all ("log out everywhere").
beforeEach(async () => {
  for (const a of world.actors) a.cookie = await a.freshCookie()
})

afterAll(async () => {
  await server?.stop()
})

const isAnonymous = (kind: ActorKind) => (anonymousKinds as readonly string[]).includes(kind)

function expectedFor(c: RouteCase, kind: ActorKind): Outcome {
  return c.by?.[kind] ?? (isAnonymous(kind) ? c.anon : c.member)
}

/** Runs the cases as one actor: those that end the session last, each with a session of its own. */
async function runAs(actor: Actor, cases: RouteCase[], expected: (c: RouteCase) => Outcome, opts: { leakCheck?: boolean } = {}): Promise<string[]> {
  const problems: string[] = []
  const ordered = [...cases.filter((c) => !c.endsSession), ...cases.filter((c) => c.endsSession)]
  for (const c of ordered) {
    const cookie = c.endsSession ? await actor.freshCookie() : actor.cookie
    const answer = await send(server.origin, actor, c, cookie)
    const actual = outcomeOf(answer)
    const want = expected(c)
    const label = `${actor.kind} ${c.method} ${c.path}${c.form?.intent ? ` [${c.form.intent}]` : ''}`
    if (!matches(want, actual, actor.ids, server.origin)) problems.push(`${label}: expected ${fill(String(want), actor.ids, server.origin)}, got ${actual}`)
    if (opts.leakCheck === false) continue
    const refused = isRefusal(actual)
    const leaked = leaks(answer.body, refused, c.namesOther)
    // A page's data request (React Router's single fetch) carries the loader's data whole: it must not leak either.
    if (c.method === 'GET' && answer.contentType.startsWith('text/html')) {
      const [path, query] = fill(c.path, actor.ids, server.origin).split('?')
      const dataPath = `${path === '/' ? '/_root' : path}.data${query ? `?${query}` : ''}`
      const data = await send(server.origin, actor, { ...c, path: dataPath }, cookie)
      leaked.push(...leaks(data.body, refused, c.namesOther).map((m) => `${m} (.data)`))
      // What a logged-in member is shown is theirs alone: no browser or shared cache may keep it (issue 24, point 15).
      if (!isAnonymous(actor.kind) && answer.status === 200) {
        if (!/no-store/.test(answer.cacheControl))
          problems.push(`${label}: a logged-in page without Cache-Control: no-store (${answer.cacheControl || 'none'})`)
        if (data.status === 200 && !/no-store/.test(data.cacheControl))
          problems.push(`${label}: its .data without Cache-Control: no-store (${data.cacheControl || 'none'})`)
      }
    }
    if (leaked.length) problems.push(`${label}: ${actual} shows ${leaked.join(', ')}`)
  }
  return problems
}

describe('the authorization matrix', () => {
  it('answers every member route as the inventory says, for every kind of actor, and no refusal shows another member', async () => {
    const problems = (await Promise.all(world.actors.map((a) => runAs(a, memberRoutes, (c) => expectedFor(c, a.kind))))).flat()
    expect(problems).toEqual([])
  }, 300_000)

  it('opens the socket for members only; each event does what the member may, and nothing of anyone else', async () => {
    const otherSocket = await openSocket('', world.otherCookie)
    const hiddenSocket = await openSocket('', world.hiddenCookie)
    const problems: string[] = []
    await Promise.all(
      world.actors.map(async (actor) => {
        const mayOpen = !isAnonymous(actor.kind)
        const s = await openSocket(actor.ip, actor.cookie)
        if (!mayOpen) {
          if (s.status !== 401) problems.push(`${actor.kind}: socket upgrade answered ${s.status}, expected 401`)
          return
        }
        if (s.status !== 101) return void problems.push(`${actor.kind}: socket upgrade answered ${s.status}`)
        for (const sc of socketCases) {
          const event = JSON.parse(
            JSON.stringify(sc.event).replace(/"\{(\w+)\}"/g, (_, k: string) => JSON.stringify(actor.ids[k as keyof typeof actor.ids])),
          ) as Record<string, unknown>
          const reply = await s.exchange(event, sc.expect === 'none' ? 300 : 5000)
          const want = sc.by?.[actor.kind as keyof typeof sc.by] ?? sc.expect
          const got = reply === null ? 'none' : reply.type === 'error' ? `error:${String(reply.code)}` : String(reply.type)
          if (got !== want) problems.push(`${actor.kind} ${sc.event.type} ${JSON.stringify(event)}: expected ${want}, got ${got}`)
          const leaked = reply ? leaks(JSON.stringify(reply), got.startsWith('error') || got === 'none') : []
          if (leaked.length) problems.push(`${actor.kind} ${sc.event.type}: reply shows ${leaked.join(', ')}`)
        }
        s.close()
      }),
    )
    // H, whom nobody may reach, heard nothing; O nothing from the member O blocked, and nothing of other people's.
    const blocked = world.actors.find((a) => a.kind === 'blockedByOther')!.ids.self
    const heard = otherSocket.received.map((e) => JSON.stringify(e))
    otherSocket.close()
    hiddenSocket.close()
    expect(hiddenSocket.received).toEqual([])
    expect(heard.filter((e) => e.includes(`"fromProfileId":${blocked}`) || e.includes(`"senderId":${blocked}`))).toEqual([])
    expect(heard.filter((e) => secretMarkers.some((m) => e.includes(m) && !m.startsWith('oqzx')))).toEqual([])
    expect(problems).toEqual([])
  }, 120_000)

  it("left the other member's things as they were", async () => {
    const photos = await db().select({ id: profileImages.id }).from(profileImages).where(eq(profileImages.profileId, world.other.profileId))
    expect(photos.map((p) => p.id).sort()).toEqual([world.other.mainPhoto, world.other.otherPhoto].sort())
    const [o] = await db().select({ main: profiles.mainImageId }).from(profiles).where(eq(profiles.id, world.other.profileId))
    expect(o.main).toBe(world.other.mainPhoto)
    const members = await db()
      .select({ hidden: conversationMembers.hidden })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, world.other.chat))
    expect(members.map((m) => m.hidden)).toEqual([false, false])
    expect(await db().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, world.other.chat))).toHaveLength(3)
    expect(
      await db()
        .select({ id: reports.id })
        .from(reports)
        .where(isNotNull(reports.messageId))
        .then((r) => r.length),
    ).toBe(world.actors.filter((a) => !isAnonymous(a.kind)).length)
    expect(
      await db()
        .select({ id: moderationDecisions.id })
        .from(moderationDecisions)
        .where(and(eq(moderationDecisions.userId, world.other.userId), isNotNull(moderationDecisions.appealedAt))),
    ).toEqual([])
    const [pay] = await db().select({ status: payments.status }).from(payments).where(eq(payments.userId, world.other.userId))
    expect(pay.status).toBe('open')
    const [mandate] = await db()
      .select({ codesSent: directDebitMandates.codesSent, attempts: directDebitMandates.codeAttempts })
      .from(directDebitMandates)
      .where(eq(directDebitMandates.id, world.other.mandate))
    expect(mandate).toEqual({ codesSent: 1, attempts: 0 })
  })

  it('sends members and visitors of every kind to the console login, and lets each operator role reach exactly what it may', async () => {
    const cases: (RouteCase & { permission?: Parameters<typeof can>[1] })[] = [
      ...consoleRoutes.map((r) => ({
        method: r.method,
        path: r.path.replace(/:id\b/g, '1'),
        form: r.intent ? { intent: r.intent } : ({} as Record<string, string>),
        permission: r.permission,
        anon: '→/admin/login' as Outcome,
        member: '→/admin/login' as Outcome,
      })),
      ...consoleOpenRoutes,
    ]
    const problems: string[] = []
    await Promise.all(
      world.actors.map(async (actor) => {
        const role = ['admin', 'moderator', 'support'].includes(actor.kind) ? (actor.kind as OperatorRole) : null
        if (!role) {
          const expected = (c: RouteCase) => (c.path.startsWith('/admin/api/') ? 401 : expectedFor(c, actor.kind))
          return void problems.push(...(await runAs(actor, cases, expected)))
        }
        // An operator sees members' data by design: only whether each page lets the role in is checked.
        for (const c of cases.filter((x) => 'permission' in x && x.permission)) {
          const answer = await send(server.origin, actor, c)
          const actual = outcomeOf(answer)
          const allowed = can(role, c.permission!)
          const ok = allowed ? !['401', '403', 'login', '→/admin/login'].includes(actual) && answer.status < 500 : actual === '403'
          if (!ok) problems.push(`${role} ${c.method} ${c.path}: ${allowed ? 'allowed' : 'refused'} by the role, got ${actual}`)
        }
      }),
    )
    expect(problems).toEqual([])
  }, 300_000)

  it("shows the readiness report (issue 23) to admins only, in the dashboard's page and in its data", async () => {
    const problems: string[] = []
    for (const actor of world.actors.filter((a) => ['admin', 'moderator', 'support'].includes(a.kind))) {
      for (const path of ['/admin', '/admin.data']) {
        const answer = await send(server.origin, actor, { method: 'GET', path, anon: 200, member: 200 })
        // The report names the variables to set; nothing else on the console does.
        const shows = ['TRUST_PROXY', 'METRICS_TOKEN', 'SESSION_SECRET'].some((v) => answer.body.includes(v))
        if (answer.status !== 200) problems.push(`${actor.kind} ${path}: ${answer.status}`)
        else if (shows !== (actor.kind === 'admin')) problems.push(`${actor.kind} ${path}: ${shows ? 'shows' : 'lacks'} the readiness report`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** A socket as the actor, or the status its upgrade was refused with. */
async function openSocket(ip: string, cookie: string) {
  const headers: Record<string, string> = { Origin: server.origin }
  if (cookie) headers.Cookie = cookie
  if (ip) headers['X-Forwarded-For'] = ip
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers })
  const received: Record<string, unknown>[] = []
  const waiting: ((e: Record<string, unknown>) => void)[] = []
  ws.on('message', (d) => {
    const e = JSON.parse(String(d)) as Record<string, unknown>
    if (e.type === 'ready') return
    received.push(e)
    // Replies to the event sent; live events (the sent message itself, receipts, likes) arrive in between.
    if (e.type === 'ack' || e.type === 'error' || e.type === 'counts') waiting.shift()?.(e)
  })
  const status = await new Promise<number>((resolve) => {
    ws.once('message', () => resolve(101))
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.once('error', () => resolve(0))
  })
  return {
    status,
    received,
    /** Sends one event and waits for the next reply (null when none comes within `ms`). */
    exchange(event: Record<string, unknown>, ms: number) {
      return new Promise<Record<string, unknown> | null>((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1)
          resolve(null)
        }, ms)
        const take = (e: Record<string, unknown>) => {
          clearTimeout(timer)
          resolve(e)
        }
        waiting.push(take)
        ws.send(JSON.stringify(event))
      })
    },
    close: () => ws.close(),
  }
}

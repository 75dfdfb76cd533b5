/**
 * The member side of the authorization matrix (issue 15): every route of app/routes.ts outside the console, each
 * with a request to send and what each kind of actor gets. server/authorization-matrix.test.ts sends every case
 * as every actor against the production build; server/route-inventory.test.ts fails when app/routes.ts has a
 * route that no case (here or in the console's list, app/features/console/operators/console-routes.ts) reaches.
 *
 * Placeholders in braces are ids of the world (tests/authorization/world.ts): {other} is the other member O,
 * {otherChat} O's conversation with P, {hidden} a member in privacy mode, {self} and {own…} the actor's own,
 * {blockerChat} the actor's conversation with K, who then blocked them, {bannedChat} theirs with Z, since banned.
 */

export const memberKinds = ['unconfirmed', 'free', 'premium', 'invisible', 'privacy', 'blockedByOther'] as const
/** Actors the site must treat exactly as a visitor: their session, if any, opens nothing on the member side. */
export const anonymousKinds = ['visitor', 'pendingDeletion', 'banned', 'suspended', 'admin', 'moderator', 'support'] as const
export const actorKinds = [...anonymousKinds, ...memberKinds] as const
export type ActorKind = (typeof actorKinds)[number]
export type MemberKind = (typeof memberKinds)[number]

export interface Ids {
  other: number
  otherChat: number
  otherMessage: number
  otherPhotoMessage: number
  otherPhoto: number
  otherMainPhoto: number
  otherPayment: number
  otherSandbox: string
  otherDecision: number
  otherMandate: number
  hidden: number
  hiddenPhoto: number
  bystander: number
  partner: number
  self: number
  ownChat: number
  ownMessage: number
  ownPhotoMessage: number
  ownPhoto: number
  ownPayment: number
  /** K, who blocked every member actor after talking with them, and that conversation (a text, a photo). */
  blocker: number
  blockerChat: number
  blockerMessage: number
  blockerPhotoMessage: number
  /** Z, banned after talking with every member actor, and that conversation. */
  banned: number
  bannedChat: number
  bannedMessage: number
  bannedPhotoMessage: number
}

/**
 * What an actor gets: 'ok' is any 2xx; 'login' a redirect to /login?redirectTo=… (the way back); '→/x' a redirect
 * to /x (its query aside; '/x*': any address under /x); a number that exact status.
 */
export type Outcome = 'ok' | 'login' | `→${string}` | number

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The address asked, with {placeholders}. */
  path: string
  form?: Record<string, string>
  json?: Record<string, unknown>
  /** A multipart upload in field `photo`: a small JPEG, or a text file that is no image. */
  upload?: 'jpeg' | 'text'
  headers?: Record<string, string>
  /** For actors the site treats as visitors (anonymousKinds). */
  anon: Outcome
  /** For logged-in members, unless `by` names their kind. */
  member: Outcome
  by?: Partial<Record<ActorKind, Outcome>>
  /** A refusal that may name O: the spec's "You're blocked by {name}" (section 6). */
  namesOther?: boolean
  /** The case ends the session it runs in: it runs last, with a fresh session. */
  endsSession?: boolean
  why?: string
}

const get = (path: string, anon: Outcome, member: Outcome, more: Partial<RouteCase> = {}): RouteCase => ({ method: 'GET', path, anon, member, ...more })
const post = (path: string, form: Record<string, string>, anon: Outcome, member: Outcome, more: Partial<RouteCase> = {}): RouteCase => ({
  method: 'POST',
  path,
  form,
  anon,
  member,
  ...more,
})

const landers = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video']
const contentPages = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service']
const uuid = '6f1c3a52-8d1e-4c1b-9a57-0e4b3c2d1f00'
/** The member blocked by O sees the spec's refusal, naming O; nothing else of O. */
const blockedByO = { by: { blockedByOther: 403 }, namesOther: true } as const

export const memberRoutes: RouteCase[] = [
  // Entry pages: visitors see them, members are sent on.
  get('/', 'ok', '→/members'),
  get('/landers/tinderswipe', 'ok', '→/swipe-game'),
  ...landers.map((name) => get(`/landers/${name}`, 'ok', '→/members')),
  ...['landing', 'signup', 'landing2', 'landing3'].flatMap((page) => [
    get(`/members/{other}/${page}`, 'ok', '→/members/{other}'),
    get(`/members/{hidden}/${page}`, 404, '→/members/{hidden}', { why: 'a hidden member has no landing' }),
  ]),
  get('/login', 'ok', '→/members'),
  post('/login', { email: 'nobody-authz@example.com', password: 'wrong-password-1' }, 401, '→/members', {
    why: "a member's POST answers with the page's loader, which sends members on",
  }),
  get('/signup', 'ok', '→/members'),
  post('/signup', {}, 400, '→/members'),
  get('/signup-matches', 'ok', '→/members'),
  post('/signup-matches', {}, 400, '→/members'),

  // Search and profiles.
  get('/members', 'ok', 'ok'),
  get('/members/{other}', 'ok', 'ok', blockedByO),
  get('/members/{hidden}', 404, 404),
  get('/members/987654', 404, 404, { why: 'the same answer as for a hidden member' }),
  get('/members/{self}', 'ok', 'ok', { why: "a member's own profile; for visitors, the free member's public profile" }),
  get('/likes/m/{other}', 'ok', 'ok', blockedByO),
  get('/likes/m/{hidden}', 404, 404),
  post('/members/{other}', { intent: 'like' }, 'login', 'ok', blockedByO),
  post('/members/{other}', { intent: 'unlike' }, 'login', 'ok', blockedByO),
  post('/members/{hidden}', { intent: 'like' }, 'login', 404),
  post('/members/{hidden}', { intent: 'block' }, 'login', 404),
  post('/members/{hidden}', { intent: 'report', reason: 'fake_profile' }, 'login', 404),
  // Private notes are off by default (visible_profile_notes): not found for everyone.
  post('/members/{other}', { intent: 'note', note: 'A note through a forged form.' }, 'login', 404),
  post('/members/{bystander}', { intent: 'block' }, 'login', 'ok'),
  post('/members/{bystander}', { intent: 'unblock' }, 'login', 'ok'),
  post('/members/{bystander}', { intent: 'report', reason: 'fake_profile' }, 'login', 'ok'),
  post('/members/{other}', { intent: 'report', reason: 'fake_profile', imageId: '{hiddenPhoto}' }, 'login', 404, {
    why: "a photo that is not the reported member's",
  }),

  // Likes, matching, the swipe game.
  ...['/likes', '/likes/received', '/likes/sent', '/likes/matches'].map((path) => get(path, 'login', 'ok')),
  get('/likes/nothing', 'login', 404),
  get('/match-finder', 'login', 'ok'),
  post('/match-finder', { profileId: '{other}' }, 'login', 'ok', { by: { blockedByOther: 404 } }),
  post('/match-finder', { profileId: '{hidden}' }, 'login', 404),
  get('/swipe-game', 'login', 'ok'),
  post('/swipe-game', { intent: 'skip', profileId: '{other}' }, 'login', 'ok'),
  post('/swipe-game', { intent: 'undo', profileId: '{other}' }, 'login', 'ok'),
  post('/swipe-game', { intent: 'like', profileId: '{hidden}' }, 'login', 404),

  // Chats: the actor's own conversation with Q, O's with P, and new ones.
  get('/chats', 'login', 'ok'),
  get('/chats/{ownChat}', 'login', 'ok'),
  get('/chats/{otherChat}', 'login', 404),
  post('/chats/{otherChat}', { clientId: uuid, body: 'into a conversation not mine' }, 'login', 404),
  post('/chats/{ownChat}', { intent: 'report', messageId: '{otherMessage}', reason: 'spam' }, 'login', 404, {
    why: "a message of someone else's conversation",
  }),
  post('/chats/{ownChat}', { intent: 'report', messageId: '{ownMessage}', reason: 'spam' }, 'login', 'ok'),
  get('/chats/{ownChat}/messages?before=999999999', 403, 'ok'),
  get('/chats/{otherChat}/messages?before=999999999', 403, 404),
  get('/chats/{ownChat}/photos/{ownPhotoMessage}', 'login', 'ok'),
  get('/chats/{otherChat}/photos/{otherPhotoMessage}', 'login', 404),
  get('/chats/{ownChat}/photos/{otherPhotoMessage}', 'login', 404),
  // A conversation is closed to a member on every path once the partner blocked them (403, as the page) or was
  // banned (404, as a missing one): the page, every page of its messages and the catch-up, its photos (issue 24).
  get('/chats/{blockerChat}', 'login', 403),
  get('/chats/{blockerChat}/messages?after=0', 403, 403),
  get('/chats/{blockerChat}/messages?before=999999999', 403, 403),
  get('/chats/{blockerChat}/photos/{blockerPhotoMessage}', 'login', 403),
  get('/members/{blocker}/chat', 'login', 403),
  get('/chats/{bannedChat}', 'login', 404),
  get('/chats/{bannedChat}/messages?after=0', 403, 404),
  get('/chats/{bannedChat}/messages?before=999999999', 403, 404),
  get('/chats/{bannedChat}/photos/{bannedPhotoMessage}', 'login', 404),
  get('/members/{banned}/chat', 'login', 404),
  get('/members/{other}/chat', 'login', 'ok', blockedByO),
  get('/members/{partner}/chat', 'login', '→/chats/{ownChat}'),
  get('/members/{hidden}/chat', 'login', 404),
  post('/members/{other}/chat', { clientId: uuid, body: 'hello O' }, 'login', '→/chats/*', blockedByO),
  post('/members/{hidden}/chat', { clientId: uuid, body: 'hello H' }, 'login', 404),
  {
    method: 'POST',
    path: '/members/{other}/chat/photo',
    upload: 'text',
    anon: 'login',
    member: 403,
    by: { premium: 422 },
    why: 'photos in the chat are for Premium members',
  },
  { method: 'POST', path: '/members/{hidden}/chat/photo', upload: 'jpeg', anon: 'login', member: 403, by: { premium: 404 } },
  get('/members/{other}/chat/photo', 404, 404),

  // The member's own pages.
  get('/profile', 'login', 'ok'),
  post('/profile', { intent: 'main', imageId: '{ownPhoto}' }, 'login', 'ok'),
  post('/profile', { intent: 'delete', imageId: '{otherPhoto}' }, 'login', 404),
  post('/profile', { intent: 'main', imageId: '{otherPhoto}' }, 'login', 'ok', {
    why: 'answers without a notice; O keeps their main photo (checked after the run)',
  }),
  post('/profile', {}, 'login', 400),
  get('/complete-signup', 'login', 'ok'),
  post('/complete-signup', { intent: 'delete', imageId: '{otherPhoto}' }, 'login', 'ok', {
    why: "does nothing to another member's photo (checked after the run)",
  }),
  get('/notifications', 'login', 'ok'),
  post('/notifications', { intent: 'unblock', profileId: '{bystander}' }, 'login', 'ok'),
  post('/notifications', { intent: 'appeal', decisionId: '{otherDecision}', text: 'This decision about someone else is wrong.' }, 'login', 404),
  post('/notifications', { intent: 'delete', reason: 'other', password: 'not-my-password' }, 'login', 400),
  // Ending one session (issue 24, point 18) needs the password: a session alone ends none.
  post('/notifications', { intent: 'end_session', session: '0123456789abcdef', password: 'not-my-password' }, 'login', 400),
  post('/notifications', { intent: 'logout_all' }, 'login', 'login', { endsSession: true }),
  get('/notifications/export', 'login', 'ok'),

  // Money.
  get('/credits', 'login', 'ok'),
  post('/credits', { bundle: 'm', method: 'ideal' }, 'login', '→/credits/m/ideal'),
  get('/credits/m', 'login', 'ok'),
  get('/credits/m/ideal', 'login', 'ok'),
  post('/credits/m/ideal', {}, 'login', 400),
  get('/credits/repeat-order', 'login', '→/premium', { by: { premium: '→/credits' } }),
  post('/credits/repeat-order', {}, 'login', '→/premium', { by: { premium: '→/credits' } }),
  get('/premium', 'login', 'ok'),
  get('/pricing', 'ok', 'ok'),
  get('/transactions', 'login', 'ok'),
  get('/transactions/{ownPayment}', 'login', 'ok'),
  get('/transactions/{otherPayment}', 'login', 404),
  post('/transactions', { limit: '' }, 'login', 'ok'),
  // A refund request about another member's payment is not found; about one's own, refused here only by its state
  // (the matrix's payments are open, not paid: 409).
  post('/transactions/{otherPayment}', { intent: 'refund-request', reason: 'Refund someone else’s purchase.' }, 'login', 404),
  post('/transactions/{ownPayment}', { intent: 'refund-request', reason: 'I bought the wrong package.' }, 'login', 409),
  get('/directdebit?bundle=m', 'login', 'ok'),
  get('/directdebit?bundle=m&mandate={otherMandate}', 'login', 'ok', { why: "shows no pending mandate: O's is not the actor's" }),
  post('/directdebit?bundle=m', { intent: 'resend', mandate: '{otherMandate}' }, 'login', 400),
  post('/directdebit?bundle=m', { intent: 'confirm', mandate: '{otherMandate}', otp: '123456' }, 'login', 400),
  get('/sandbox/checkout/{otherSandbox}', 'ok', 'ok', { why: "the stand-in for the payment provider's own page, reached by its unguessable id" }),
  post('/sandbox/checkout/sbx_nothing', { outcome: 'paid' }, 409, 409),

  // Account links (by token) and public pages.
  get('/activate?token=nothing', '→/activate/error', '→/activate/error'),
  get('/activate/done', 'ok', 'ok'),
  get('/activate/error', 'ok', 'ok'),
  get('/activate/resend', '→/members', '→/members'),
  post('/activate/resend', {}, 'login', 'ok'),
  get('/reset-password', 'ok', 'ok'),
  post('/reset-password', { email: 'nobody-authz@example.com' }, 404, 404),
  get('/reset-password/do?token=nothing', 'ok', 'ok'),
  post('/reset-password/do', { token: 'nothing', password: 'new-password-123', password_repeat: 'new-password-123' }, 410, 410),
  get('/mail-change/do?token=nothing', 'ok', 'ok'),
  post('/mail-change/do', { token: 'nothing' }, 'ok', 'ok'),
  get('/mail-change/revert?token=nothing', 'ok', 'ok'),
  post('/mail-change/revert', { token: 'nothing', password: 'new-password-123', password_repeat: 'new-password-123' }, 410, 410),
  get('/reactivate?token=nothing', 'ok', 'ok'),
  post('/reactivate', { token: 'nothing' }, 410, 410),
  post('/reactivate', { email: 'nobody-authz@example.com' }, 'ok', 'ok'),
  get('/account-deleted', 'ok', 'ok'),
  get('/unsubscribe?token=nothing', 'ok', 'ok'),
  post('/unsubscribe?token=nothing', {}, 'ok', 'ok'),
  get('/notifications/confirm?token=nothing', 'ok', 'ok'),
  get('/appeal/nothing', 'ok', 'ok'),
  post('/appeal/nothing', { decisionId: '{otherDecision}', text: 'An appeal through a forged link.' }, 404, 404),
  ...contentPages.map((t) => get(`/pages/${t}`, 'ok', 'ok')),
  get('/pages/no-such-page', 404, 404),
  ...contentPages.map((t) => get(`/${t}`, 'ok', 'ok')),
  get('/no-such-page', 404, 404),
  get('/complaints', 'ok', 'ok'),
  post('/complaints', {}, 400, 400),
  post('/lang-config', { language: 'en', redirectTo: '/pricing' }, '→/pricing', '→/pricing'),
  get('/no/such/page', 404, 404),
  get('/robots.txt', 'ok', 'ok'),
  get('/sitemap.xml', 'ok', 'ok'),
  get('/manifest.webmanifest', 'ok', 'ok'),
  get('/i18n/nothing.js', 404, 404),
  get('/dev/outbox', 404, 404, { why: 'read from loopback only; every actor here comes from another address' }),
  post('/webhooks/mail', {}, 404, 404, { why: 'without MAIL_WEBHOOK_SECRET the endpoint does not exist' }),
  post('/webhooks/payments/sandbox', { id: 'sbx_nothing' }, 404, 404),
  get('/webhooks/payments/sandbox', 404, 404),

  // Photos: O's, visible to all (blurred for some); H's to nobody.
  get('/photo/{otherMainPhoto}/thumb', 'ok', 'ok', { by: { blockedByOther: 404 } }),
  get('/photo/{otherPhoto}/full', 'ok', 'ok', { by: { blockedByOther: 404 } }),
  get('/photo/{hiddenPhoto}/full', 404, 404),

  // The JSON API (spec section 7).
  get('/api/settings.php', 'ok', 'ok'),
  get('/api/user.php', 'ok', 'ok'),
  { method: 'PUT', path: '/api/user.php', json: { language: 'en' }, anon: 'ok', member: 'ok' },
  { method: 'POST', path: '/api/user.php', json: { email: 'nobody-authz@example.com', password: 'wrong-password-1' }, anon: 401, member: 401 },
  { method: 'POST', path: '/api/user.php?push=1', json: {}, anon: 403, member: 400 },
  get('/api/chats.php', 403, 'ok'),
  { method: 'DELETE', path: '/api/chat.php', json: { conversation: '{otherChat}' }, anon: 403, member: 404 },
  get('/api/chat.php', 405, 405),
  get('/api/auto-like.php', 403, 'ok'),
  get('/api/likes.php', 403, 'ok'),
  get('/api/interests.php', 'ok', 'ok'),
  get('/api/regions.php', 'ok', 'ok'),
  get('/api/photos.php', 403, 'ok'),
  { method: 'POST', path: '/api/photos.php', upload: 'text', anon: 403, member: 422 },
  // A GET only looks the place up (it once stored it: a link on another site set a member's place); storing is a
  // POST, here with a position out of range so that the world keeps its places (issue 24, point 4).
  get('/api/geocode.php?lat=52.37&lon=4.89', 403, 'ok'),
  { method: 'POST', path: '/api/geocode.php', json: { lat: 95, lon: 4.89 }, anon: 403, member: 400 },
  { method: 'PUT', path: '/api/geocode.php', json: { lat: 52.37, lon: 4.89 }, anon: 403, member: 405 },
  get('/api/discountcode.php', 403, 'ok'),
  { method: 'POST', path: '/api/page-hidden.php', json: {}, headers: { Referer: '{origin}/pricing' }, anon: 'ok', member: 'ok' },
  get('/api/page-hidden.php', 405, 405),
  get('/api/companyinfo.php', 'ok', 'ok'),
  get('/api/nothing.php', 404, 404),

  // Session ends.
  get('/logout', '→/', '→/'),
  get('/color-mode', 404, 404),
  post('/color-mode', { mode: 'dark', redirectTo: '/pricing' }, 'login', '→/pricing'),
  post('/color-mode', { mode: 'purple', redirectTo: '/pricing' }, 'login', 400),
  post('/logout', {}, '→/', '→/', { endsSession: true }),
  // Only the site's own client may end a session with a GET (an image tag on another site may not).
  get('/api/logout.php', 403, 403),
  get('/api/logout.php', 'ok', 'ok', { endsSession: true, headers: { 'X-Request-Type': 'client' } }),
]

/** What a member's socket answers to each event: 'ack', 'counts', `error:<code>`, or 'none' (no reply). */
export interface SocketCase {
  event: { type: string } & Record<string, unknown>
  expect: string
  by?: Partial<Record<MemberKind, string>>
}

export const socketCases: SocketCase[] = [
  { event: { type: 'ping' }, expect: 'none' },
  { event: { type: 'read', conversationId: '{otherChat}' }, expect: 'error:not_found' },
  { event: { type: 'delivered', conversationId: '{otherChat}', messageId: '{otherMessage}' }, expect: 'error:not_found' },
  { event: { type: 'read', conversationId: '{ownChat}' }, expect: 'counts' },
  { event: { type: 'delivered', conversationId: '{ownChat}', messageId: '{ownMessage}' }, expect: 'none' },
  // Receipts are reads: not in a conversation whose partner blocked the member, or was banned (issue 24, point 3).
  { event: { type: 'read', conversationId: '{blockerChat}' }, expect: 'error:not_found' },
  { event: { type: 'delivered', conversationId: '{blockerChat}', messageId: '{blockerMessage}' }, expect: 'error:not_found' },
  { event: { type: 'read', conversationId: '{bannedChat}' }, expect: 'error:not_found' },
  { event: { type: 'delivered', conversationId: '{bannedChat}', messageId: '{bannedMessage}' }, expect: 'error:not_found' },
  { event: { type: 'typing', toProfileId: '{blocker}' }, expect: 'none' },
  { event: { type: 'typing', toProfileId: '{other}' }, expect: 'none' },
  { event: { type: 'typing', toProfileId: '{hidden}' }, expect: 'none' },
  // A hidden member and one that does not exist get the same answer.
  {
    event: { type: 'send', toProfileId: '{hidden}', clientId: '0d9b7a3e-4f21-4c55-9a0e-5b1f2c3d4e01', body: 'hello H' },
    expect: 'error:chat.errorUnavailable',
  },
  {
    event: { type: 'send', toProfileId: 987654, clientId: '0d9b7a3e-4f21-4c55-9a0e-5b1f2c3d4e04', body: 'hello nobody' },
    expect: 'error:chat.errorUnavailable',
  },
  {
    event: { type: 'send', toProfileId: '{other}', clientId: '0d9b7a3e-4f21-4c55-9a0e-5b1f2c3d4e02', body: 'hello O' },
    expect: 'ack',
    by: { blockedByOther: 'error:chat.errorBlocked' },
  },
  { event: { type: 'send', toProfileId: '{partner}', clientId: '0d9b7a3e-4f21-4c55-9a0e-5b1f2c3d4e03', body: 'hello Q' }, expect: 'ack' },
]

/**
 * The console's sign-in steps and catch-alls, open by design (the console's own list leaves them out): members and
 * visitors get the sign-in pages, and nothing behind them.
 */
export const consoleOpenRoutes: RouteCase[] = [
  get('/admin/login', 'ok', 'ok'),
  get('/admin/login/code', '→/admin/login', '→/admin/login'),
  get('/admin/enrol', '→/admin/login', '→/admin/login'),
  get('/admin/no-such-page', '→/admin/login', '→/admin/login'),
  get('/admin/api/nothing', 401, 401),
  post('/admin/logout', {}, '→/admin/login', '→/admin/login', { endsSession: true }),
]

import type { Locator, Page, WebSocketRoute } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, mainNav, ownProfileId, signupMember, test, unique, unreadBadge } from './fixtures'

// Part 4 of "Notifications and the event backbone": /chats and /likes follow the socket live, the title prefix and
// the app badge show unread messages + new likes, and the activation reminder's modal is reachable.

declare global {
  interface Window {
    /** The app-badge calls of the page, recorded by recordAppBadge: the number, 0 for clearAppBadge(). */
    __appBadge?: number[]
    /** Set by the test; still there afterwards means the page was not reloaded. */
    __sameDocument?: boolean
  }
}

/** Replaces navigator.setAppBadge / clearAppBadge (the Badging API) by recorders, before any page script runs. */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: number[] = []
    window.__appBadge = calls
    Object.defineProperty(Navigator.prototype, 'setAppBadge', {
      configurable: true,
      value: (n?: number) => {
        calls.push(n ?? 0)
        return Promise.resolve()
      },
    })
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', {
      configurable: true,
      value: () => {
        calls.push(0)
        return Promise.resolve()
      },
    })
  })
}

/** The last value the page put on the app badge (undefined before any call). */
function lastBadge(page: Page) {
  return expect.poll(() => page.evaluate(() => window.__appBadge?.at(-1)), { message: 'last app badge value' })
}

async function markDocument(page: Page) {
  await page.evaluate(() => (window.__sameDocument = true))
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => window.__sameDocument), 'the page was not reloaded').toBe(true)
}

/** Console errors of the page from now on (a hydration mismatch is one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  return errors
}

/** Goes to `path` and waits until the page has opened its socket to /ws. */
async function gotoLive(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
  await page.goto(path)
  await socket
}

/** Opens the chat with a member from their id (a new conversation or an existing one) and sends `text`. */
async function sendMessage(page: Page, toProfileId: number, text: string) {
  await page.goto(`/members/${toProfileId}/chat`)
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  const box = page.getByLabel('Write a message')
  await box.fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(box).toHaveValue('')
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).not.toContainText('Sending…')
}

function chatRows(page: Page): Locator {
  return page.getByTestId('chat-list').getByRole('listitem')
}

function rowOf(page: Page, name: string): Locator {
  return chatRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${name},`) }) })
}

test('a new conversation appears at the top of /chats live; title prefix and app badge follow', async ({ newContext, annaPage }) => {
  const a = await activeMember(newContext, { prefix: 'livea', gender: 'female', lookingFor: 'male' })
  const b = await activeMember(newContext, { prefix: 'liveb', gender: 'male', lookingFor: 'female' })
  const annaId = await ownProfileId(annaPage)
  await recordAppBadge(b.page)
  const errors = consoleErrors(b.page)

  // B already has a conversation (with Anna), so "at the top" means something.
  const toAnna = unique('Hi Anna ')
  await sendMessage(b.page, annaId, toAnna)

  await gotoLive(b.page, '/chats')
  await expect(chatRows(b.page)).toHaveCount(1)
  await expect(b.page).toHaveTitle(/^Messages \|/)
  await lastBadge(b.page).toBe(0)
  await markDocument(b.page)

  // A writes to B for the first time: the conversation appears at the top of B's list.
  const hello = unique('Hello from A ')
  await sendMessage(a.page, b.profileId, hello)
  await expect(chatRows(b.page)).toHaveCount(2)
  const first = chatRows(b.page).first()
  await expect(first).toContainText(a.user.name)
  await expect(first).toContainText(hello)
  await expect(first.getByTestId('chat-unread')).toContainText('1 unread message')
  await expect(b.page.getByTestId('chats-announcer')).toHaveText(`New message from ${a.user.name}`)
  await expect(b.page).toHaveTitle(/^\(1\) Messages \|/)
  await lastBadge(b.page).toBe(1)
  await expect(unreadBadge(b.page)).toContainText('1 unread message')

  // A second message updates the row in place: text, unread count, title, badge.
  const again = unique('Again from A ')
  await sendMessage(a.page, b.profileId, again)
  await expect(rowOf(b.page, a.user.name)).toContainText(again)
  await expect(rowOf(b.page, a.user.name).getByTestId('chat-unread')).toContainText('2 unread messages')
  await expect(b.page).toHaveTitle(/^\(2\) Messages \|/)
  await lastBadge(b.page).toBe(2)

  // Anna answers in the older conversation: her row moves to the top.
  const fromAnna = unique('Hi B ')
  await sendMessage(annaPage, b.profileId, fromAnna)
  await expect(chatRows(b.page).first()).toContainText(fromAnna)
  await expect(chatRows(b.page).first()).toContainText('Anna')
  await expect(chatRows(b.page).nth(1)).toContainText(a.user.name)
  await expect(rowOf(b.page, 'Anna').getByTestId('chat-unread')).toContainText('1 unread message')
  await expect(b.page).toHaveTitle(/^\(3\) Messages \|/)
  await lastBadge(b.page).toBe(3)
  await expectSameDocument(b.page)
  await expectNoSeriousA11yViolations(b.page)

  // Opening A's chat reads it: the title and badge drop to Anna's one message, and so does A's row.
  await rowOf(b.page, a.user.name).getByRole('link').click()
  await expect(b.page).toHaveURL(/\/chats\/\d+$/)
  await expect(b.page.getByTestId('chat-message').filter({ hasText: again })).toHaveCount(1)
  await expect(b.page).toHaveTitle(/^\(1\) /)
  await lastBadge(b.page).toBe(1)
  await b.page.getByRole('link', { name: 'Back to messages' }).click()
  await expect(b.page).toHaveURL(/\/chats$/)
  await expect(rowOf(b.page, a.user.name).getByTestId('chat-unread')).toHaveCount(0)
  await expect(b.page).toHaveTitle(/^\(1\) Messages \|/)
  expect(errors, 'console errors').toEqual([])
})

test('a new like shows on /likes live, and a like back shows as a match', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'likera', gender: 'female', lookingFor: 'male' })
  const b = await activeMember(newContext, { prefix: 'likerb', gender: 'male', lookingFor: 'female' })
  await recordAppBadge(b.page)

  await gotoLive(b.page, '/likes')
  await expect(b.page.getByText('Nobody has liked you yet.', { exact: false })).toBeVisible()
  await expect(b.page).toHaveTitle(/^Likes \|/)
  await markDocument(b.page)

  await a.page.goto(`/members/${b.profileId}`)
  await a.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible()

  const card = b.page.getByTestId('likes-grid').getByTestId('profile-card').filter({ hasText: a.user.name })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('New')
  await expect(b.page.getByTestId('likes-announcer')).toHaveText(`New like from ${a.user.name}`)
  await expect(mainNav(b.page).getByTestId('badge-nav.newLikes')).toContainText('1 new like')
  await expect(b.page).toHaveTitle(/^\(1\) Likes \|/)
  await lastBadge(b.page).toBe(1)
  await expectSameDocument(b.page)
  await expectNoSeriousA11yViolations(b.page)

  // A waits on the matches tab; B likes A back: the match shows there live.
  await gotoLive(a.page, '/likes/matches')
  await expect(a.page.getByText('No matches yet.', { exact: false })).toBeVisible()
  await b.page.goto(`/members/${a.profileId}`)
  await b.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(b.page.getByText(`It's a match! You and ${a.user.name} like each other.`)).toBeVisible()
  await expect(a.page.getByTestId('likes-grid').getByTestId('profile-card').filter({ hasText: b.user.name })).toHaveCount(1)
  await expect(a.page.getByTestId('likes-announcer')).toHaveText(`New match: ${b.user.name}`)
})

test('a received like gets "Like back" on its card; a long name is cut with an ellipsis, the age stays', async ({ newContext }) => {
  const name = 'Maximilianaalexandrinaschmidts' // 30 letters, the longest name there is, one word
  const a = await activeMember(newContext, { prefix: 'likelong', gender: 'female', lookingFor: 'male', name, age: 31 })
  const b = await activeMember(newContext, { prefix: 'likebackb', gender: 'male', lookingFor: 'female' })
  await a.page.goto(`/members/${b.profileId}`)
  await a.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible()

  await b.page.setViewportSize({ width: 390, height: 844 })
  await b.page.goto('/likes')
  const card = b.page
    .getByTestId('likes-grid')
    .getByTestId('profile-card')
    .filter({ hasText: name.slice(0, 8) })
  await expect(card).toHaveCount(1)
  const shown = card.getByTestId('profile-card-name')
  const cut = await shown.evaluate((el) => ({
    overflow: el.scrollWidth > el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow,
    lines: el.getClientRects().length,
  }))
  expect(cut).toEqual({ overflow: true, ellipsis: 'ellipsis', lines: 1 })
  await expect(card.getByRole('heading', { level: 2 })).toContainText(', 31')
  const heading = (await card.getByRole('heading', { level: 2 }).boundingBox())!
  const photo = (await card.locator('.profile-card-img').boundingBox())!
  expect(heading.x + heading.width).toBeLessThanOrEqual(photo.x + photo.width + 1)

  await card.getByRole('button', { name: `Like back: ${name}` }).click()
  await expect(card.getByTestId('liked-back')).toHaveText('You like each other')
  await expect(b.page.getByTestId('match-modal')).toContainText(`You and ${name} like each other.`)
  await b.page.getByTestId('match-modal').getByRole('button', { name: 'Close' }).click()
  await b.page.goto('/likes/matches')
  await expect(
    b.page
      .getByTestId('likes-grid')
      .getByTestId('profile-card')
      .filter({ hasText: name.slice(0, 8) }),
  ).toHaveCount(1)
})

test('without the socket, /chats catches up by polling, first 5 s after the socket went down', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'polla', gender: 'female', lookingFor: 'male' })
  const b = await activeMember(newContext, { prefix: 'pollb', gender: 'male', lookingFor: 'female' })
  // B's first socket reaches the server but hears nothing from it; every later one is refused.
  let first: WebSocketRoute | undefined
  await b.page.routeWebSocket(/\/ws$/, (ws) => {
    if (first) return ws.close({ code: 1013, reason: 'try again later' })
    first = ws
    ws.connectToServer().onMessage(() => {})
  })
  await gotoLive(b.page, '/chats')
  await expect(b.page.getByText('No conversations yet.', { exact: false })).toBeVisible()
  await markDocument(b.page)

  const hello = unique('While offline ')
  await sendMessage(a.page, b.profileId, hello)
  await expect(chatRows(b.page)).toHaveCount(0)

  // The socket goes down; the first refetch comes 5 s later (then every 60 s).
  const downAt = Date.now()
  await first!.close({ code: 1013, reason: 'try again later' })
  await expect(chatRows(b.page).first()).toContainText(hello, { timeout: 15_000 })
  expect(Date.now() - downAt).toBeGreaterThanOrEqual(4_500)
  await expect(b.page).toHaveTitle(/^\(1\) Messages \|/)
  await expect(unreadBadge(b.page)).toContainText('1 unread message')
  await expectSameDocument(b.page)
})

test('the activation reminder is a modal after a smartphone signup and with ?api_signup_complete', async ({ newContext }) => {
  const phone = await newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
  const page = await phone.newPage()
  const errors = consoleErrors(page)
  const user = await signupMember(page, { prefix: 'phone' })

  // The signup lands on the remaining steps with the flag; the reminder greets the new member there.
  await expect(page).toHaveURL(/\/complete-signup\?api_signup_complete=1$/)
  const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(user.email)
  await dialog.getByRole('button', { name: 'Send the e-mail again' }).click()
  await expect(dialog.getByRole('status')).toHaveText('We sent you a new e-mail.')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // Elsewhere the flag makes the same modal; without it the reminder is the alert.
  await page.goto('/members?api_signup_complete')
  await expect(page.getByRole('dialog', { name: 'Confirm your e-mail address' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.goto('/members')
  await expect(page.getByTestId('activation-reminder')).toContainText(user.email)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(errors, 'console errors (hydration)').toEqual([])

  // Without JavaScript there is no modal: the page shows the reminder as an alert, whose form still works.
  const cookies = await phone.cookies()
  const noJs = await (await newContext({ javaScriptEnabled: false })).newPage()
  await noJs.context().addCookies(cookies)
  await noJs.goto('/complete-signup?api_signup_complete=1')
  const alert = noJs.getByTestId('activation-reminder')
  await expect(alert).toContainText(user.email)
  await alert.getByRole('button', { name: 'Send the e-mail again' }).click()
  await expect(noJs).toHaveURL(/\/complete-signup\?api_signup_complete=1&notice=activate\.resent$/)
  await expect(noJs.getByTestId('activation-reminder')).toContainText('We sent you a new e-mail.')
})

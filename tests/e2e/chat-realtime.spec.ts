import type { Page, WebSocketRoute } from '@playwright/test'
import { anna, ben, expect, mainNav, test, unique, unreadBadge, unreadCount } from './fixtures'

/** From /chats, opens the conversation with `partner` and waits for the live socket. */
async function openConversation(page: Page, partner: string) {
  await page.goto('/chats')
  await page
    .getByTestId('chat-list')
    .getByRole('link', { name: new RegExp(`^${partner},`) })
    .click()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await expect(page.getByRole('log', { name: `Messages with ${partner}` })).toBeVisible()
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
}

/** Types a message and sends it with the Send button; waits until the server acknowledged it. */
async function send(page: Page, text: string) {
  const box = page.getByLabel('Write a message')
  await box.fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(box).toHaveValue('')
}

function messages(page: Page, text: string) {
  return page.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: text })
}

test('a message reaches the partner live: unread badge, chat list, reply back', async ({ annaPage, benPage }) => {
  // Ben waits on the members page with an open socket.
  const benSocket = benPage.waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
  await benPage.goto('/members')
  await benSocket
  const before = await unreadCount(benPage)

  // Anna opens the conversation from /chats and sends a message.
  await openConversation(annaPage, ben.name)
  const hello = unique('Hello Ben ')
  await send(annaPage, hello)
  const mine = messages(annaPage, hello)
  await expect(mine).toHaveCount(1)
  await expect(mine).not.toContainText('Sending…')
  await expect(mine).toHaveClass(/\bmine\b/)

  // Ben's Messages badge goes up without a reload.
  await expect(unreadBadge(benPage)).toContainText(`${before + 1} unread message`)
  await expect(benPage).toHaveURL(/\/members$/)

  // Ben's chat list shows the unread count of the conversation with Anna.
  await mainNav(benPage)
    .getByRole('link', { name: /^Messages/ })
    .click()
  await expect(benPage).toHaveURL(/\/chats$/)
  const row = benPage.getByTestId('chat-list').getByRole('link', { name: /^Anna,/ })
  await expect(row).toContainText(hello)
  await expect(row.getByTestId('chat-unread')).toContainText(`${before + 1} unread message`)

  // He opens it, sees the message and replies.
  await row.click()
  await expect(benPage).toHaveURL(/\/chats\/\d+$/)
  await expect(benPage.getByTestId('socket-status')).toHaveText('Live')
  await expect(messages(benPage, hello)).toHaveCount(1)
  await expect(messages(benPage, hello)).toHaveClass(/\btheirs\b/)
  const reply = unique('Hi Anna ')
  await send(benPage, reply)
  await expect(messages(benPage, reply)).toHaveCount(1)

  // Anna sees the reply appear without a reload.
  await expect(messages(annaPage, reply)).toHaveCount(1)
  await expect(messages(annaPage, reply)).toHaveClass(/\btheirs\b/)
  await expect(annaPage.getByTestId('socket-status')).toHaveText('Live')

  // Opening the conversation cleared Ben's unread count.
  await benPage.getByRole('link', { name: 'Back to messages' }).click()
  await expect(benPage).toHaveURL(/\/chats$/)
  await expect(
    benPage
      .getByTestId('chat-list')
      .getByRole('link', { name: /^Anna,/ })
      .getByTestId('chat-unread'),
  ).toHaveCount(0)
  await expect(unreadBadge(benPage)).toHaveCount(0)
})

test('the same text sent twice gives two messages, and they survive a reload', async ({ annaPage, benPage }) => {
  await openConversation(annaPage, ben.name)
  await openConversation(benPage, anna.name)
  const text = unique('Same text ')
  await send(annaPage, text)
  await send(annaPage, text)

  await expect(messages(annaPage, text)).toHaveCount(2)
  await expect(messages(annaPage, text).filter({ hasText: 'Sending…' })).toHaveCount(0)
  await expect(messages(benPage, text)).toHaveCount(2)

  // Persisted: both are still there after Ben reloads, and after Anna reloads.
  await benPage.reload()
  await expect(benPage.getByTestId('chat-messages')).toBeVisible()
  await expect(messages(benPage, text)).toHaveCount(2)
  await annaPage.reload()
  await expect(messages(annaPage, text)).toHaveCount(2)
})

test('after the server restarts, a message that was lost on the way is sent again, once, and what came meanwhile is caught up', async ({
  annaPage,
  benPage,
}) => {
  // Anna's socket passes through the test: it can lose what goes either way and close the socket as a restarting
  // server does (1012, server/graceful-close.server.ts).
  let cutOff = false
  let route: WebSocketRoute | undefined
  let connections = 0
  await annaPage.routeWebSocket(/\/ws$/, (ws) => {
    connections += 1
    route = ws
    const server = ws.connectToServer()
    ws.onMessage((m) => {
      if (!cutOff) server.send(m)
    })
    server.onMessage((m) => {
      if (!cutOff) ws.send(m)
    })
  })
  await openConversation(annaPage, ben.name)
  await openConversation(benPage, anna.name)

  cutOff = true
  const lost = unique('Lost on the way ')
  await send(annaPage, lost)
  // Sent over a socket that looked open, but it never arrived.
  await expect(messages(annaPage, lost)).toContainText('Sending…')
  const meanwhile = unique('Meanwhile ')
  await send(benPage, meanwhile)
  await expect(messages(benPage, meanwhile)).not.toContainText('Sending…')
  await expect(messages(annaPage, meanwhile)).toHaveCount(0)

  await expect(messages(benPage, lost)).toHaveCount(0)
  cutOff = false
  await route!.close({ code: 1012, reason: 'service restart' })
  // Reconnected at once, caught up, and sent again: the server answers with the stored message.
  await expect.poll(() => connections).toBe(2)
  await expect(messages(annaPage, meanwhile)).toHaveCount(1)
  await expect(messages(annaPage, lost)).toHaveCount(1)
  await expect(messages(annaPage, lost)).not.toContainText('Sending…')
  await expect(annaPage.getByTestId('socket-status')).toHaveText('Live')
  // Once for Ben too, also after a reload (stored once).
  await benPage.reload()
  await expect(messages(benPage, lost)).toHaveCount(1)
})

test('a server that asks to slow down gets the messages again after its wait, in the order written, each once', async ({ annaPage, benPage }) => {
  // The server's backpressure (server/ws-send-gate.server.ts) stands in here: the first send frame is not passed on
  // but answered with slow_down; the client must hold it and the one written after it, then send both, in order.
  const held: string[] = []
  let slowedAt = 0
  await annaPage.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => {
      const frame = JSON.parse(String(m)) as { type: string; clientId?: string }
      if (frame.type === 'send' && !slowedAt) {
        slowedAt = Date.now()
        held.push(frame.clientId!)
        return ws.send(JSON.stringify({ type: 'slow_down', clientId: frame.clientId, retryAfterMs: 3000 }))
      }
      if (frame.type === 'send') held.push(frame.clientId!)
      server.send(m)
    })
    server.onMessage((m) => ws.send(m))
  })
  await openConversation(annaPage, ben.name)
  await openConversation(benPage, anna.name)
  const first = unique('Busy first ')
  const second = unique('Busy second ')
  await send(annaPage, first)
  await send(annaPage, second)
  // Held, not failed: both show as on their way, nothing to retry by hand.
  await expect(messages(annaPage, first)).toContainText('Sending…')
  await expect(messages(annaPage, second)).toContainText('Sending…')
  await expect(messages(benPage, second)).toHaveCount(0)
  await expect(messages(annaPage, first)).not.toContainText('Sending…', { timeout: 10_000 })
  await expect(messages(annaPage, second)).not.toContainText('Sending…')
  expect(Date.now() - slowedAt).toBeGreaterThanOrEqual(2900)
  // Ben got both, in the order written, once each (also after a reload: stored once).
  await benPage.reload()
  const log = benPage.getByTestId('chat-messages').getByTestId('chat-message')
  await expect(log.filter({ hasText: first })).toHaveCount(1)
  await expect(log.filter({ hasText: second })).toHaveCount(1)
  const texts = await log.allInnerTexts()
  expect(texts.findIndex((t) => t.includes(first))).toBeLessThan(texts.findIndex((t) => t.includes(second)))
  // The first frame was held back, then it and the second went out in order after the wait.
  expect(held).toHaveLength(3)
  expect(held[1]).toBe(held[0])
  expect(held[2]).not.toBe(held[0])
})

test('going live moves nothing in the chat header: the status keeps the width of its wider word', async ({ annaPage }) => {
  await openConversation(annaPage, ben.name)
  const status = annaPage.getByTestId('socket-status')
  await expect(status).toHaveAttribute('data-alt', 'Reconnecting')
  const live = await status.boundingBox()
  // The same badge as the server rendered it before the socket opened: the words swapped.
  await status.evaluate((el) => {
    el.textContent = 'Reconnecting'
    el.setAttribute('data-alt', 'Live')
  })
  const offline = await status.boundingBox()
  expect(Math.abs(live!.width - offline!.width)).toBeLessThan(0.5)
  expect(Math.abs(live!.x - offline!.x)).toBeLessThan(0.5)
})

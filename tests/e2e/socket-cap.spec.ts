import type { Page } from '@playwright/test'
import WebSocket from 'ws'
import { MAX_SOCKETS_PER_MEMBER } from '../../server/ws-socket-registry.server'
import { activeMember, expect, test } from './fixtures'

/** Sets what document.visibilityState says and tells the page, as switching tabs does. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

test("a tab whose socket went to the member's newer ones waits, polling, until it is looked at again", async ({ newContext, baseURL }) => {
  const anna = await activeMember(newContext, { prefix: 'tabs' })
  const ben = await activeMember(newContext, { prefix: 'tabs-partner', gender: 'male' })
  const page = anna.page
  let sockets = 0
  page.on('websocket', (ws) => {
    if (ws.url().endsWith('/ws')) sockets++
  })
  await page.goto(`/members/${ben.profileId}/chat`)
  const status = page.getByTestId('socket-status')
  await expect(status).toHaveText('Live')
  const opened = sockets

  // The member opens as many sockets again elsewhere (other tabs, other devices): this tab's, the oldest, is closed.
  const session = (await page.context().cookies()).find((c) => c.name === 'sid')!
  const others: WebSocket[] = []
  const closeCodes: number[] = []
  for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
    const ws = new WebSocket(`${baseURL!.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: `sid=${session.value}`, Origin: baseURL! } })
    ws.on('close', (code) => closeCodes.push(code))
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (d) => {
        if ((JSON.parse(String(d)) as { type: string }).type === 'ready') resolve()
      })
      ws.once('error', reject)
    })
    others.push(ws)
  }
  await expect(status).toHaveText('Reconnecting')
  // It does not take a socket back by itself, which would close another tab's in turn.
  await page.waitForTimeout(3000)
  expect(sockets).toBe(opened)
  expect(closeCodes).toEqual([])

  // The member comes back to this tab: it is live again, and the oldest of the others gives way.
  await setVisibility(page, 'hidden')
  await setVisibility(page, 'visible')
  await expect(status).toHaveText('Live')
  expect(sockets).toBe(opened + 1)
  await expect.poll(() => closeCodes).toEqual([4429])
  expect(others[0].readyState).toBe(WebSocket.CLOSED)
  for (const ws of others) ws.close()
})

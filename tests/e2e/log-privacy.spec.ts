import fs from 'node:fs'
import { ben, expect, failedLogin, test, unique } from './fixtures'
import { frame, OPCODE, openRawSocket } from './raw-websocket'

// Issue 15: the server's log of the whole browser run is checked for personal data when the run ends
// (tests/e2e/log-privacy.ts). This test hands the server values that would be easy to log by mistake, on the paths
// most likely to log them (a failed login, a chat message, a frame the server refuses, a session cookie), and
// names them in the canary file so that the check knows what to look for besides addresses, IBANs and numbers.

function remember(kind: 'emails' | 'tokens' | 'texts', value: string) {
  fs.appendFileSync(process.env.E2E_CANARY_FILE!, `${JSON.stringify({ kind, value })}\n`)
}

test('values a member hands the site on error-prone paths are remembered for the log check', async ({ page, annaPage, baseURL }) => {
  const email = `${unique('canary')}@example.org`
  remember('emails', email)
  await failedLogin(page, { email, password: 'not-the-password-1' })

  const session = (await annaPage.context().cookies()).find((c) => c.name === 'sid')
  expect(session, 'the session cookie').toBeDefined()
  remember('tokens', session!.value)

  const text = unique('Meet me at the old mill ')
  remember('texts', text)
  await annaPage.goto('/chats')
  await annaPage
    .getByTestId('chat-list')
    .getByRole('link', { name: new RegExp(`^${ben.name},`) })
    .click()
  await expect(annaPage.getByTestId('socket-status')).toHaveText('Live')
  await annaPage.getByLabel('Write a message').fill(text)
  await annaPage.getByRole('button', { name: 'Send', exact: true }).click()
  // Acknowledged, not only shown: a message still on its way would land in the next test's conversation.
  const sent = annaPage.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: text })
  await expect(sent).toHaveCount(1)
  await expect(sent).not.toContainText('Sending…')

  // A frame the hub refuses (not one of the client events) closes the socket and is logged: without its content.
  const refused = unique('Refused frame with my address ')
  remember('texts', refused)
  const raw = await openRawSocket(baseURL!, `${session!.name}=${session!.value}`)
  raw.write(frame(OPCODE.text, JSON.stringify({ type: 'nonsense', body: refused })))
  expect(await raw.closed).toBe(1008)
})

import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext } from '@playwright/test'
import { expect, ownProfileId, test } from './fixtures'

// Issue 14: every page is valid HTML by the Nu HTML checker (vnu-jar, on the machine's Java), for visitors,
// members and operators.
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string

const visitorPages = [
  '/',
  '/login',
  '/signup',
  '/members',
  '/pricing',
  '/complaints',
  '/reset-password',
  '/pages/terms',
  '/pages/privacy',
  '/pages/faq',
  '/landers/tinderswipe',
  '/landers/gallery',
  '/landers/video',
  '/landers/maplanding',
  '/landers/socialnetwork',
  '/does-not-exist',
  '/admin/login',
]
const memberPages = [
  '/members',
  '/profile',
  '/notifications',
  '/chats',
  '/likes',
  '/likes/sent',
  '/credits',
  '/premium',
  '/swipe-game',
  '/match-finder',
  '/transactions',
]
const consolePages = [
  '/admin',
  '/admin/photos',
  '/admin/reports',
  '/admin/members',
  '/admin/fictional',
  '/admin/fictional/new',
  '/admin/operators',
  '/admin/audit',
  '/admin/settings',
  '/admin/discounts',
  '/admin/content',
  '/admin/company',
  '/admin/jobs',
]

async function save(api: APIRequestContext, dir: string, who: string, paths: string[]) {
  for (const p of paths) {
    const res = await api.get(p)
    expect(res.headers()['content-type'], p).toMatch(/^text\/html/)
    fs.writeFileSync(path.join(dir, `${who}${p.replace(/[^a-z0-9]+/gi, '_')}.html`), await res.text())
  }
}

test('every page is valid HTML (Nu HTML checker: no errors)', async ({ page, annaPage, operatorPage }) => {
  test.setTimeout(120_000)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'))
  await save(page.request, dir, 'visitor', visitorPages)
  const anna = await ownProfileId(annaPage)
  await save(annaPage.request, dir, 'member', [...memberPages, `/members/${anna + 1}`, '/chats/1', `/members/${anna + 1}/landing`])
  await save((await operatorPage('admin')).request, dir, 'admin', consolePages)
  const files = fs.readdirSync(dir).map((f) => path.join(dir, f))
  const { stdout, stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files], {
    maxBuffer: 16 * 1024 * 1024,
  })
  const report = JSON.parse(stdout || stderr) as { messages: { url: string; message: string; extract?: string }[] }
  const errors = report.messages.map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract?.slice(0, 120) ?? ''}`)
  expect(errors).toEqual([])
  expect(files.length).toBe(visitorPages.length + memberPages.length + 3 + consolePages.length)
})

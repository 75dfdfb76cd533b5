/**
 * `npm run screenshots`: every member screen at a phone's 390×844 and a laptop's 1280×800, in light and dark mode,
 * from a fresh demo on the embedded database (production build; `npx react-router build` first). PNGs go to
 * screenshots/ (or the folder given as the first argument), named page-size-mode.png, to be looked at before a
 * change that members or visitors see is called done (issue 27). The visitor pages include the landers. `npm run screenshots:components` draws the components.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { memberScreens } from '../tests/setup/screens'
import { withDemo } from './screenshot-demo'

const out = path.resolve(process.argv[2] ?? 'screenshots')
const sizes = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } }
const modes = ['light', 'dark'] as const

fs.mkdirSync(out, { recursive: true })
await withDemo(async (demo) => {
  const visitorPages = [
    '/',
    '/login',
    '/signup',
    '/pricing',
    '/reset-password',
    '/pages/faq',
    `/members/${demo.benProfileId}/signup`,
    ...['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'tinderswipe', 'transitionsvideolanding', 'video'].map(
      (name) => `/landers/${name}`,
    ),
    '/members/2/landing',
    '/members/2/landing2',
    '/members/2/landing3',
  ]
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    for (const mode of modes) {
      const visitor = await demo.context(viewport, mode)
      const visitorPage = await visitor.newPage()
      for (const p of visitorPages) await shoot(visitorPage, p, sizeName, mode)
      await visitor.close()
      const member = await demo.context(viewport, mode, 'anna@demo.local')
      const memberPage = await member.newPage()
      for (const p of memberScreens) await shoot(memberPage, p, sizeName, mode)
      await member.close()
    }
  }
})
console.log(`screenshots in ${out}`)

async function shoot(page: Page, p: string, size: string, mode: string) {
  await page.goto(p, { waitUntil: 'networkidle' })
  const file = path.join(out, `${p.replace(/\//g, '_').replace(/^_$/, 'home').replace(/^_/, '')}-${size}-${mode}.png`)
  await page.screenshot({ path: file, fullPage: false })
}

/**
 * `npm run screenshots:components`: each component of the design system in each of its states, in light and dark
 * mode, drawn by the running app (a fresh demo, production build; `npx react-router build` first). The PNGs and the
 * page that shows them, docs/design/components.md, are written to docs/design/ (issue 27; docs/design.md).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { withDemo, type Demo } from './screenshot-demo'
import { COMPONENT_SHOTS, componentSheetMarkdown, shotFile, type Shot, type Who } from './component-shots'

const out = path.resolve('docs/design')
const modes = ['light', 'dark'] as const
const viewports = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } }
// Room around an element for what is drawn outside its box: the focus ring's 2 px offset and the shadows.
const MARGIN = 12

fs.mkdirSync(out, { recursive: true })
for (const f of fs.readdirSync(out)) if (f.endsWith('.png')) fs.rmSync(path.join(out, f))

await withDemo(async (demo) => {
  // One newcomer for every shot that needs one: signed up, not yet confirmed, no likes or chats.
  const newcomer = await signUpNewcomer(demo)
  for (const mode of modes) {
    const contexts = new Map<string, BrowserContext>()
    for (const shot of COMPONENT_SHOTS) {
      const key = `${shot.size}-${shot.who}`
      if (!contexts.has(key)) contexts.set(key, await contextFor(demo, shot.size, mode, shot.who, newcomer))
      const page = await contexts.get(key)!.newPage()
      try {
        await shoot(page, shot, path.join(out, shotFile(shot, mode)))
      } finally {
        await page.close()
      }
    }
    for (const context of contexts.values()) await context.close()
  }
})
fs.writeFileSync(path.join(out, 'components.md'), componentSheetMarkdown())
console.log(`${COMPONENT_SHOTS.length * modes.length} component screenshots in ${out}`)

async function contextFor(demo: Demo, size: Shot['size'], mode: (typeof modes)[number], who: Who, newcomer: string) {
  const context = await demo.context(viewports[size], mode, who === 'member' ? 'anna@demo.local' : undefined)
  if (who === 'newcomer') {
    const [name, value] = newcomer.split('=')
    await context.addCookies([{ name, value, url: demo.base }])
  }
  return context
}

/** Signs a new member up through the signup form's own POST; returns the session cookie. */
async function signUpNewcomer(demo: Demo): Promise<string> {
  const context = await demo.context(viewports.phone, 'light')
  const born = new Date()
  born.setFullYear(born.getFullYear() - 29)
  const res = await context.request.post('/signup', {
    form: {
      name: 'Mila',
      email: `mila${Date.now().toString(36)}@example.test`,
      // A throwaway demo account: its password is made for this run and never used again.
      password: crypto.randomBytes(12).toString('base64url'),
      date_of_birth: born.toISOString().slice(0, 10),
      gender: 'female',
      looking_for: 'male',
      country: 'NL',
    },
    headers: { Origin: demo.base },
    maxRedirects: 0,
  })
  if (res.status() !== 302) throw new Error(`the newcomer's signup answered ${res.status()}`)
  const sid = (await context.cookies()).find((c) => c.name === 'sid')
  await context.close()
  if (!sid) throw new Error('the signup set no session')
  return `${sid.name}=${sid.value}`
}

async function shoot(page: Page, shot: Shot, file: string) {
  await page.goto(shot.path, { waitUntil: 'networkidle' })
  // Transitions and the caret would catch the component between two states.
  await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}' })
  const target = await shot.prepare(page)
  if (target === 'viewport') {
    await page.screenshot({ path: file })
    return
  }
  await clipAround(page, target, file)
}

/** Draws the box around every part of the component (a menu's button and its list), with a margin. */
async function clipAround(page: Page, target: Locator | Locator[], file: string) {
  const parts = Array.isArray(target) ? target : [target]
  await parts[0].scrollIntoViewIfNeeded()
  const boxes = await Promise.all(parts.map((p) => p.boundingBox()))
  if (boxes.some((b) => !b)) throw new Error(`${file}: the component is not on the page`)
  const left = Math.min(...boxes.map((b) => b!.x))
  const top = Math.min(...boxes.map((b) => b!.y))
  const box = {
    x: left,
    y: top,
    width: Math.max(...boxes.map((b) => b!.x + b!.width)) - left,
    height: Math.max(...boxes.map((b) => b!.y + b!.height)) - top,
  }
  const viewport = page.viewportSize()!
  const x = Math.max(0, box.x - MARGIN)
  const y = Math.max(0, box.y - MARGIN)
  await page.screenshot({
    path: file,
    clip: { x, y, width: Math.min(viewport.width - x, box.width + 2 * MARGIN), height: Math.min(viewport.height - y, box.height + 2 * MARGIN) },
  })
}

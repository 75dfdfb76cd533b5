import path from 'node:path'
import type { Page } from '@playwright/test'
import * as sass from 'sass'
import { expect, test } from './fixtures'
import { memberScreens } from '../setup/screens'
import { appSources, dynamicClassPrefixes } from '../../scripts/purge-css'

// The production build keeps only the CSS the app's source names (scripts/purge-css.ts, issue 26). This test holds
// it to "nothing a page uses is lost": each page is read twice in the same state, once with the stylesheets the
// server sends and once with the whole stylesheets compiled from the same Sass, and every element's computed
// style must be the same. A class put together at run time that the safelist misses shows here as a difference.

// The whole stylesheets, as the build compiles them before it purges (vite.config.ts css options).
function compileWhole(file: string): string {
  return sass.compile(path.resolve('app/styles', file), {
    loadPaths: [path.resolve('node_modules'), path.resolve('app/styles')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  }).css
}
const whole = { app: compileWhole('app.scss'), landers: compileWhole('landers-page.scss') }

// What is compared: where each element is laid out (its box, within a pixel) and the properties that shape and
// paint it. Margins and offsets are read through the box: Chromium sometimes answers 0 for an auto margin after a
// style change.
// prettier-ignore
const PROPERTIES = [
  'display', 'position', 'float', 'visibility', 'opacity', 'z-index', 'overflow-x', 'overflow-y', 'color',
  'background-color', 'background-image', 'box-shadow', 'outline-style', 'outline-color', 'border-top-width',
  'border-right-width', 'border-bottom-width', 'border-left-width', 'border-top-style', 'border-top-color',
  'border-bottom-color', 'border-top-left-radius', 'border-bottom-right-radius',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'min-width',
  'max-width', 'min-height', 'max-height', 'font-family', 'font-size',
  'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align', 'text-decoration-line',
  'text-transform', 'white-space', 'vertical-align', 'list-style-type', 'cursor', 'object-fit', 'aspect-ratio',
  'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'justify-content', 'align-items',
  'align-self', 'row-gap', 'column-gap', 'grid-template-columns', 'order', 'pointer-events', 'user-select',
  'transform',
]

/** Every element's computed style under the given stylesheets (null: the page's own). */
/**
 * Every element's computed style and box, with the stylesheets the page was sent and then with `sheets` instead,
 * in one synchronous run: no timer of the page (a lander's slideshow) can change the page between the two.
 */
async function computedStyles(page: Page, sheets: string[]): Promise<{ style: string; box: number[] }[][]> {
  return page.evaluate(
    ({ sheets: whole, properties }) => {
      const measure = (sheets: string[] | null) => {
        // No transitions or animations: a value read mid-transition would hide a difference.
        const still = new CSSStyleSheet()
        still.replaceSync('*,*::before,*::after{transition:none!important;animation:none!important}')
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        for (const link of links) link.disabled = sheets !== null
        const adopted = (sheets ?? []).map((css) => {
          const sheet = new CSSStyleSheet()
          sheet.replaceSync(css)
          return sheet
        })
        document.adoptedStyleSheets = [...adopted, still]
        // Lay the page out before reading: otherwise an auto margin may be read as it was before the change.
        void document.body.getBoundingClientRect()
        const describe = (el: Element) => {
          const parts: string[] = []
          for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
            parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + (e.classList.length ? `.${[...e.classList].join('.')}` : ''))
          }
          return parts.slice(-3).join(' > ')
        }
        const root = getComputedStyle(document.documentElement)
        const theme = [
          '--bs-primary',
          '--bs-secondary',
          '--bs-success',
          '--bs-danger',
          '--bs-primary-rgb',
          '--bs-body-bg',
          '--bs-body-color',
          '--bs-link-color',
        ]
        // A colour may be written two ways (#e28c87, rgb(88.7%, 54.8%, 52.9%)): compared as the browser resolves it.
        const probe = document.createElement('i')
        document.body.append(probe)
        const resolved = (v: string) => {
          const raw = root.getPropertyValue(v).trim()
          if (v.endsWith('-rgb')) return raw
          probe.style.color = raw
          return getComputedStyle(probe).color
        }
        const rootStyle = { style: `:root { ${theme.map((v) => `${v}: ${resolved(v)}`).join('; ')} }`, box: [0, 0, 0, 0] }
        probe.remove()
        const out = [
          rootStyle,
          ...[...document.querySelectorAll('body *')].map((el) => {
            const s = getComputedStyle(el)
            const r = el.getBoundingClientRect()
            return { style: `${describe(el)} { ${properties.map((p) => `${p}: ${s.getPropertyValue(p)}`).join('; ')} }`, box: [r.x, r.y, r.width, r.height] }
          }),
        ]
        for (const link of links) link.disabled = false
        document.adoptedStyleSheets = []
        return out
      }
      return [measure(null), measure(whole)]
    },
    { sheets, properties: PROPERTIES },
  )
}

async function expectSameStyles(page: Page, url: string, sheets: string[]) {
  // The load event is enough: both readings are taken in one synchronous run on the same page, so whatever loads
  // later (a lazy photo, the socket) cannot come between them. Waiting for the network to be idle cost half a
  // second per page, 40 s a run (issue 25).
  await page.goto(url)
  await expectSameStylesNow(page, url, sheets)
}

/** The page as it is now (after something was done on it) against the whole stylesheets. */
async function expectSameStylesNow(page: Page, url: string, sheets: string[]) {
  const [sent, wholeStyles] = await computedStyles(page, sheets)
  expect.soft(sent.length, url).toBe(wholeStyles.length)
  // A box may move by a fraction of a pixel: the two compilers round percentages differently.
  const moved = (a: number[], b: number[]) => a.some((v, i) => Math.abs(v - b[i]) > 1)
  const differences = sent.flatMap((s, i) => {
    const w = wholeStyles[i]
    if (s.style === w.style && !moved(s.box, w.box)) return []
    return [`sent:  [${s.box.map(Math.round).join(' ')}] ${s.style}\nwhole: [${w.box.map(Math.round).join(' ')}] ${w.style}`]
  })
  expect.soft(differences.slice(0, 3), `${url}: ${differences.length} elements differ`).toEqual([])
}

test.describe('the purged stylesheets', () => {
  // About 40 pages read twice each.
  test.setTimeout(180_000)

  test('every class the source completes at run time keeps all its rules (the landers’ numbered scenes and captions)', async ({ page }) => {
    // A lander links both stylesheets.
    await page.goto('/landers/video')
    const hrefs = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))
    const sent = (await Promise.all(hrefs.map(async (href) => (await page.request.get(href)).text()))).join('\n')
    const prefixes = dynamicClassPrefixes(appSources())
    expect(prefixes).toContain('video-caption-')
    const classesOf = (css: string, prefix: string) => new Set(css.match(new RegExp(`\\.${prefix}[\\w-]*`, 'g')) ?? [])
    const lost = prefixes.flatMap((prefix) => {
      const kept = classesOf(sent, prefix)
      return [...classesOf(`${whole.app}\n${whole.landers}`, prefix)].filter((c) => !kept.has(c))
    })
    expect(lost).toEqual([])
  })

  test('the built stylesheet is the purged one: smaller than the whole', async ({ page }) => {
    await page.goto('/')
    const href = await page.locator('link[rel="stylesheet"]').first().getAttribute('href')
    const sent = await (await page.request.get(href ?? '')).text()
    expect(sent.length).toBeLessThan(whole.app.length / 2)
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`visitor and lander pages compute the same styles as with the whole stylesheets (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme })
      for (const url of ['/', '/login', '/signup', '/pricing', '/reset-password', '/pages/terms', '/pages/faq', '/members/2'])
        await expectSameStyles(page, url, [whole.app])
      for (const url of [
        '/landers/gallery',
        '/landers/maplanding',
        '/landers/video',
        '/landers/alonetonight',
        '/landers/collagelanding',
        '/landers/iconslanding',
        '/landers/socialnetwork',
        '/landers/tinderswipe',
        '/landers/transitionsvideolanding',
        '/members/2/landing',
        '/members/2/landing2',
        '/members/2/landing3',
        '/members/2/signup',
      ]) {
        await expectSameStyles(page, url, [whole.app, whole.landers])
      }
    })

    test(`member pages compute the same styles as with the whole stylesheet (${scheme})`, async ({ annaPage }) => {
      await annaPage.emulateMedia({ colorScheme: scheme })
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await annaPage.setViewportSize(size)
        for (const url of memberScreens) await expectSameStyles(annaPage, url, [whole.app])
      }
      // A state no page loads in: the result toast, whose colour react-bootstrap puts together from a prop.
      await annaPage.goto('/profile')
      await annaPage.getByRole('button', { name: 'Save profile' }).click()
      await expect(annaPage.getByTestId('result-toast')).toHaveClass(/\bshow\b/)
      await expectSameStylesNow(annaPage, '/profile, the saved toast', [whole.app])
    })
  }

  test('console pages compute the same styles as with the whole stylesheet', async ({ operatorPage }) => {
    const admin = await operatorPage('admin')
    for (const url of [
      '/admin',
      '/admin/members',
      '/admin/photos',
      '/admin/reports',
      '/admin/payments',
      '/admin/settings',
      '/admin/operators',
      '/admin/audit',
      '/admin/jobs',
      '/admin/fictional',
      '/admin/discounts',
      '/admin/content',
    ]) {
      await expectSameStyles(admin, url, [whole.app])
    }
  })
})

/**
 * The design system's components and the states `npm run screenshots:components` draws them in (scripts/component-sheet.ts),
 * and the page that shows the pictures (docs/design/components.md). Each shot is a real page of the demo, brought into
 * the state by what a member would do, then cropped to the component.
 */
import type { Locator, Page } from 'playwright-core'

/** Who looks: a visitor, the demo member Anna (likes, chats, credits), or a newcomer (signed up, not yet confirmed). */
export type Who = 'visitor' | 'member' | 'newcomer'

export interface Shot {
  component: string
  state: string
  /** What the picture shows, for docs/design/components.md. */
  note: string
  size: 'phone' | 'laptop'
  who: Who
  path: string
  /** Brings the page into the state; answers what to draw: the component (boxes united) or the whole screen. */
  prepare(page: Page): Promise<Locator | Locator[] | 'viewport'>
}

const loginButton = (page: Page) => page.getByRole('button', { name: 'Log in' })
const composer = (page: Page) => page.locator('div.border-top', { has: page.getByTestId('send-button') })

export const COMPONENT_SHOTS: Shot[] = [
  {
    component: 'Button',
    state: 'primary',
    note: 'The one primary action of a screen.',
    size: 'phone',
    who: 'visitor',
    path: '/login',
    prepare: async (page) => loginButton(page),
  },
  {
    component: 'Button',
    state: 'hover',
    note: 'Under the pointer.',
    size: 'phone',
    who: 'visitor',
    path: '/login',
    prepare: async (page) => {
      await loginButton(page).hover()
      return loginButton(page)
    },
  },
  {
    component: 'Button',
    state: 'keyboard focus',
    note: 'The 2 px ring, offset from the button, reached with Tab.',
    size: 'phone',
    who: 'visitor',
    path: '/login',
    prepare: async (page) => {
      await page.keyboard.press('Tab')
      await loginButton(page).focus()
      return loginButton(page)
    },
  },
  {
    component: 'Text field',
    state: 'empty',
    note: 'Label above, the field at full width.',
    size: 'phone',
    who: 'visitor',
    path: '/signup',
    prepare: async (page) => page.locator('#signup-email').locator('xpath=..'),
  },
  {
    component: 'Text field',
    state: 'error',
    note: 'After a send the server refused: the field marked, the reason under it, what was typed kept.',
    size: 'phone',
    who: 'visitor',
    path: '/signup',
    prepare: async (page) => {
      await page.locator('#signup-email').fill('mila@')
      await page.locator('#signup-form button[type="submit"]').last().click()
      await page.locator('#signup-email[aria-invalid="true"]').waitFor()
      return page.locator('#signup-email').locator('xpath=..')
    },
  },
  {
    component: 'Date of birth',
    state: 'in the member’s language',
    note: 'Day, month and year as three choices, in the order of the page’s language.',
    size: 'phone',
    who: 'visitor',
    path: '/signup',
    prepare: async (page) => page.locator('#signup-dob-label').locator('xpath=..'),
  },
  {
    component: 'Profile card',
    state: 'phone',
    note: 'Square photo, name and age over it.',
    size: 'phone',
    who: 'member',
    path: '/members',
    prepare: async (page) => page.getByTestId('profile-card').first(),
  },
  {
    component: 'Profile card',
    state: 'laptop',
    note: 'Portrait (4:5) from 576 px wide.',
    size: 'laptop',
    who: 'member',
    path: '/members',
    prepare: async (page) => page.getByTestId('profile-card').first(),
  },
  {
    component: 'Tab bar',
    state: 'with counts',
    note: 'Below 768 px: four labelled tabs of 56 px, each count on its own tab.',
    size: 'phone',
    who: 'member',
    path: '/members',
    prepare: async (page) => page.getByTestId('member-tabs'),
  },
  {
    component: 'Header',
    state: 'laptop',
    note: 'From 768 px the same links sit in the header.',
    size: 'laptop',
    who: 'member',
    path: '/members',
    prepare: async (page) => page.locator('header').first(),
  },
  {
    component: 'Account menu',
    state: 'open',
    note: 'The member’s own pages, the colour mode and logging out.',
    size: 'laptop',
    who: 'member',
    path: '/members',
    prepare: async (page) => {
      const menu = page.getByTestId('account-menu')
      await menu.locator('summary').click()
      await menu.locator('.dropdown-menu').waitFor()
      return [menu.locator('summary'), menu.locator('.dropdown-menu')]
    },
  },
  {
    component: 'Banner',
    state: 'a new member’s first screen',
    note: 'One banner at a time, and a whole profile card above the tab bar.',
    size: 'phone',
    who: 'newcomer',
    path: '/members',
    prepare: async () => 'viewport',
  },
  {
    component: 'Empty state',
    state: 'no likes yet',
    note: 'What a list says before it has anything, and where to go.',
    size: 'phone',
    who: 'newcomer',
    path: '/likes',
    prepare: async () => 'viewport',
  },
  {
    component: 'Chat bubbles',
    state: 'phone',
    note: 'One’s own in the brand’s soft tint on the right, the partner’s on the left.',
    size: 'phone',
    who: 'member',
    path: '/chats/1',
    prepare: async (page) => page.getByTestId('chat-messages'),
  },
  {
    component: 'Chat bubbles',
    state: 'laptop',
    note: 'At most 560 px wide.',
    size: 'laptop',
    who: 'member',
    path: '/chats/1',
    prepare: async (page) => page.getByTestId('chat-messages'),
  },
  {
    component: 'Composer',
    state: 'empty',
    note: 'The send button says what a send costs.',
    size: 'phone',
    who: 'member',
    path: '/chats/1',
    prepare: async (page) => composer(page),
  },
  {
    component: 'Composer',
    state: 'five lines',
    note: 'The box grows to five lines, then scrolls.',
    size: 'phone',
    who: 'member',
    path: '/chats/1',
    prepare: async (page) => {
      const box = page.getByLabel('Write a message')
      await box.fill(['Hi Ben,', 'how was the concert?', 'I heard they played', 'the old songs too.', 'Coffee on Sunday?', 'Anna'].join('\n'))
      return composer(page)
    },
  },
  {
    component: 'Toast',
    state: 'saved',
    note: 'A result where the member’s eyes are, for five seconds.',
    size: 'phone',
    who: 'member',
    path: '/profile',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Save profile' }).click()
      // Shown, not on its way in.
      await page.waitForFunction(() => {
        const toast = document.querySelector('[data-testid="result-toast"]')
        return !!toast && toast.classList.contains('show') && getComputedStyle(toast).opacity === '1'
      })
      return page.getByTestId('result-toast')
    },
  },
  {
    component: 'Confirmation dialog',
    state: 'open',
    note: 'The app’s own question before what cannot be undone: Cancel first and focused.',
    size: 'phone',
    who: 'member',
    path: '/chats',
    prepare: async (page) => {
      await page.getByTestId('chat-remove').first().click()
      await page.getByTestId('confirm-dialog').waitFor()
      return page.getByTestId('confirm-dialog')
    },
  },
  {
    component: 'Loading',
    state: 'progress bar and skeleton',
    note: 'A page that waits on the server: the bar on top, grey cards where the list will be.',
    size: 'phone',
    who: 'member',
    path: '/members',
    prepare: async (page) => {
      // The next page's data never comes while the picture is taken.
      await page.route(/\/likes\.data/, () => new Promise<void>(() => {}))
      await page.getByTestId('nav-likes').click()
      await page.getByTestId('skeleton-cards').waitFor()
      await page.getByTestId('navigation-progress').waitFor()
      return 'viewport'
    },
  },
  {
    component: 'Credit package',
    state: 'best value',
    note: 'A price never breaks inside itself.',
    size: 'phone',
    who: 'member',
    path: '/credits',
    prepare: async (page) => page.getByTestId('bundle-list').locator('> li').first(),
  },
]

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export function shotFile(shot: Pick<Shot, 'component' | 'state'>, mode: 'light' | 'dark'): string {
  return `${slug(shot.component)}--${slug(shot.state)}--${mode}.png`
}

/** docs/design/components.md: one table per component, a row per state, light and dark side by side. */
export function componentSheetMarkdown(shots: Shot[] = COMPONENT_SHOTS): string {
  const lines = [
    '# Components',
    '',
    'Each component of the design system in each of its states, drawn by the running app in light and dark mode.',
    'Written by `npm run screenshots:components` (scripts/component-sheet.ts); do not edit by hand. The rules and the',
    'tokens are in [../design.md](../design.md).',
  ]
  const components = [...new Set(shots.map((s) => s.component))]
  for (const component of components) {
    lines.push('', `## ${component}`, '', '| State | Light | Dark |', '|---|---|---|')
    for (const s of shots.filter((x) => x.component === component)) {
      const img = (mode: 'light' | 'dark') => `![${component}, ${s.state}, ${mode}](${shotFile(s, mode)})`
      lines.push(`| **${s.state}** (${s.size}): ${s.note} | ${img('light')} | ${img('dark')} |`)
    }
  }
  return `${lines.join('\n')}\n`
}

import fs from 'node:fs'
import path from 'node:path'
import purgeCSSPlugin from '@fullhuman/postcss-purgecss'

/**
 * The class prefixes the source completes at run time in a className template (`video-caption-${i}`,
 * `icons-tone-${tone}`): the purge reads the source as words and never sees `video-caption-2` whole, so every rule of
 * such a prefix is kept. Missing them broke five landers at once (captions and scenes all at the same moment, the
 * collage's polaroids unplaced, the icons' colours gone), which no page-by-page comparison caught: the delays are
 * animation, and those landers were not among the pages compared.
 */
export function dynamicClassPrefixes(sources: string[]): string[] {
  const prefixes = new Set<string>()
  for (const source of sources) {
    for (const template of source.matchAll(/className=\{`([^`]*)`\}/g)) {
      for (const m of template[1].matchAll(/(?:^|\s)([a-z][\w-]*-)\$\{/g)) prefixes.add(m[1])
    }
  }
  return [...prefixes].sort()
}

/** The app's components, read for dynamicClassPrefixes. */
export function appSources(root = 'app'): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The production build keeps only the CSS whose selectors the app's source names (issue 26: CSS on the wire
 * ≤ 15 KB compressed per page, where all of Bootstrap's utilities and components' variables were 37 KB). The
 * source is read as words, so a class must appear whole somewhere in it; the safelist keeps what is put together
 * at run time.
 */
export function purgeUnusedCss() {
  const dynamic = dynamicClassPrefixes(appSources()).map((prefix) => new RegExp(`^${escapeRegExp(prefix)}`))
  return purgeCSSPlugin({
    content: ['app/**/*.{ts,tsx,json}', 'public/**/*.{html,js}'],
    // Variables and keyframes that no kept rule uses go too.
    variables: true,
    keyframes: true,
    // <html data-niche="N"> picks the niche's theme (app/styles/niches.scss); the value comes from the settings.
    // <html data-bs-theme="light|dark">: the member's colour mode (app/styles/_color-mode.scss), from the account.
    dynamicAttributes: ['data-niche', 'data-bs-theme'],
    safelist: {
      // The theme's colours stay as custom properties on :root (and per niche, app/styles/niches.scss), whether or
      // not a kept rule reads them: they are the theme's interface (the niche test reads --bs-primary).
      variables: [/^--bs-(primary|secondary|success|danger|warning|info|light|dark|unread)(-rgb)?$/, /^--bs-(body-bg|body-color|link-color)$/],
      standard: [
        // react-bootstrap's Modal and Toast build their class names from a prefix ("modal" + "-dialog").
        /^modal/,
        /^toast/,
        // ToastContainer's `position` becomes placement utilities ("bottom-end" → "bottom-0 end-0").
        /^(top|bottom|start|end)-(0|50|100)$/,
        /^translate-middle/,
        /^btn-close/,
        'fade',
        'show',
        'showing',
        'hide',
        // Variants chosen by a prop: `text-bg-${variant}` (count badges, the top navigation), `alert-${variant}`,
        // and react-bootstrap's `bg="success"` on the result toasts, which becomes `bg-success` (without it the toast
        // was white on white in light mode: tests/e2e/css-purge.spec.ts now reads a toast).
        /^text-bg-/,
        /^bg-(primary|secondary|success|danger|warning|info|light|dark)$/,
        /^alert-/,
        // Classes put together in a className template (`film-scene-${i}`): every rule of their prefix.
        ...dynamic,
        // Content pages are Markdown written in the console (app/features/content): their HTML has only elements.
        /^(h[1-6]|p|ul|ol|li|blockquote|pre|code|hr|table|thead|tbody|tr|th|td|a|strong|em|b|i|img|dl|dt|dd|kbd|small|mark|abbr|sub|sup)$/,
      ],
    },
  })
}

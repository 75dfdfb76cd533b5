import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The icon sprite (issue 14): one SVG file with a <symbol id="name" viewBox> per icon of app/ui/icon-names.ts, made
 * from the bootstrap-icons package's own SVG files, so pages show icons without downloading the 131 KB icon font
 * and its CSS. app/ui/icon.tsx imports the file with `?url`: Vite serves it in dev and gives it a hashed name under
 * build/client/assets, the same name in the client and the server build.
 *
 * The file is generated, not committed (.gitignore): the plugin below writes it whenever Vite starts (dev,
 * build, typegen, Vitest), so it always matches the list.
 */
export const SPRITE_FILE = path.resolve(import.meta.dirname, '../app/ui/icon-sprite.svg')
export const NAMES_FILE = path.resolve(import.meta.dirname, '../app/ui/icon-names.ts')

const require = createRequire(import.meta.url)

/** The folder of the bootstrap-icons package's one-icon SVG files. */
export function bootstrapIconsDir(): string {
  return path.join(path.dirname(require.resolve('bootstrap-icons/package.json')), 'icons')
}

/**
 * The names of app/ui/icon-names.ts, read from its text: the plugin runs inside Vite's config, before any app module
 * can be loaded, and again in dev when the list is edited. icon-sprite.test.ts checks this reads what TypeScript sees.
 */
export function readIconNames(file = NAMES_FILE): string[] {
  const list = /export const iconNames = \[([\s\S]*?)\] as const/.exec(fs.readFileSync(file, 'utf8'))
  if (!list) throw new Error(`${file} has no \`export const iconNames = [...] as const\``)
  return [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1])
}

/** The sprite's text for these icon names: each icon's shapes inside a <symbol> named after it. */
export function buildIconSprite(names: readonly string[] = readIconNames(), dir = bootstrapIconsDir()): string {
  const symbols = names.map((name) => {
    const svg = fs.readFileSync(path.join(dir, `${name}.svg`), 'utf8')
    const m = /<svg\b[^>]*\bviewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>/.exec(svg)
    if (!m) throw new Error(`bootstrap-icons/icons/${name}.svg is not an <svg> with a viewBox`)
    const shapes = m[2].replace(/\s*\n\s*/g, '').trim()
    return `<symbol id="${name}" viewBox="${m[1]}">${shapes}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`
}

/** Writes the sprite unless the file already holds exactly this text (keeps its time stamp, and dev reloads, quiet). */
export function writeIconSprite(file = SPRITE_FILE): void {
  const text = buildIconSprite()
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return
  // Another Vite process (a parallel build, Vitest) may write at the same time: write aside, then rename.
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, text)
  fs.renameSync(tmp, file)
}

/** Vite plugin: writes the sprite when Vite starts, and again in dev whenever the icon list is edited. */
export function iconSprite(): Plugin {
  return {
    name: 'icon-sprite',
    config() {
      writeIconSprite()
    },
    hotUpdate({ file }) {
      // The sprite is a dependency of app/ui/icon.tsx: rewriting it makes Vite reload the page with the new icons.
      if (path.resolve(file) === NAMES_FILE) writeIconSprite()
    },
  }
}

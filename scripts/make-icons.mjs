// Makes the installable app's icons (public/icons/*.png) from an SVG of our own: the heart of the top bar's logo
// (bi-heart-fill) in the theme's primary colour (app/styles: $primary). Offline; run by hand when the logo changes:
//   node scripts/make-icons.mjs
// The web app manifest (app/routes/manifest.ts) declares these files and sizes.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const primary = '#cf3f37'
const heart = 'M8 15s-6-4.35-6-8.5A3.5 3.5 0 0 1 8 4a3.5 3.5 0 0 1 6 2.5C14 10.65 8 15 8 15z'

/**
 * A white tile with the heart. `maskable`: the background fills the whole square and the heart stays inside the
 * central safe zone (a circle of 80 % of the size), as the platform may cut the icon to any shape.
 */
function svg({ maskable }) {
  const scale = maskable ? 0.55 : 0.8
  // The path spans x 2–14, y 4–15: centre it on (8, 8).
  const offset = (16 - 16 * scale) / 2
  const bg = maskable ? `<rect width="16" height="16" fill="${primary}"/>` : `<rect width="16" height="16" rx="3" fill="#ffffff"/>`
  const fill = maskable ? '#ffffff' : primary
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${bg}<g transform="translate(${offset} ${offset - 1.5 * scale}) scale(${scale})"><path fill="${fill}" d="${heart}"/></g></svg>`
}

export const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-512-maskable.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
]

const out = path.resolve('public/icons')
fs.mkdirSync(out, { recursive: true })
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon)), { density: (72 * icon.size) / 16 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.file))
  console.log(`public/icons/${icon.file} ${icon.size}x${icon.size}`)
}

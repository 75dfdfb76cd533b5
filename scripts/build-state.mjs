// Whether the production build in build/ was made from the sources as they are now: `npm start` then serves it
// without building again (issue 14: a restart serves within seconds). The fingerprint is a hash of the content of
// every build input, written next to the build after a successful one.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const INPUT_DIRS = ['app', 'server', 'db', 'public']
const INPUT_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json', 'scripts/icon-sprite.ts']
// Written by the build itself (scripts/icon-sprite.ts, from app/ui/icon-names.ts), so not an input.
const GENERATED = new Set(['app/ui/icon-sprite.svg'])
const MARKER = 'build/.inputs-hash'

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(p)
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield p
  }
}

/** SHA-256 over the relative path and content of every build input (tests excluded), in a stable order. */
export function inputsHash(root) {
  const hash = crypto.createHash('sha256')
  const add = (rel) => {
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0')
  }
  for (const dir of INPUT_DIRS) {
    if (!fs.existsSync(path.join(root, dir))) continue
    for (const f of files(path.join(root, dir))) {
      const rel = path.relative(root, f)
      if (!GENERATED.has(rel.split(path.sep).join('/'))) add(rel)
    }
  }
  for (const f of INPUT_FILES) if (fs.existsSync(path.join(root, f))) add(f)
  return hash.digest('hex')
}

/** True when build/ exists and was made from exactly these inputs. */
export function buildIsCurrent(root) {
  const marker = path.join(root, MARKER)
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(root, 'build/server/index.js'))) return false
  return fs.readFileSync(marker, 'utf8').trim() === inputsHash(root)
}

export function recordBuild(root) {
  fs.writeFileSync(path.join(root, MARKER), `${inputsHash(root)}\n`)
}

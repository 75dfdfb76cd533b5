// Lists message ids used in the code (literal ids) that en.json lacks. A developer aid, not part of the build.
import fs from 'node:fs'
import path from 'node:path'

const en = JSON.parse(fs.readFileSync('app/i18n/locales/en.json', 'utf8'))
const files = []
const walk = (d) => {
  for (const f of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, f.name)
    if (f.isDirectory()) walk(p)
    else if (/\.(tsx?|ts)$/.test(f.name) && !f.name.includes('.test.')) files.push(p)
  }
}
walk('app')
const used = new Set()
const namespaces = new Set([
  ...Object.keys(en).map((k) => k.split('.')[0]),
  'photos',
  'settings',
  'report',
  'block',
  'alert',
  'account',
  'activate',
  'reset',
  'mailChange',
  'reactivate',
  'deleted',
  'email',
  'completeSignup',
  'signupMatches',
])
const re = /(?:\bid[=:]\s*\{?\s*|formatMessage\(\{\s*id:\s*|['"`])((?:[a-z][a-zA-Z]*)\.[a-zA-Z0-9_.]+)['"`]/g
for (const f of files) {
  const src = fs.readFileSync(f, 'utf8')
  for (const m of src.matchAll(re)) {
    const id = m[1]
    const ns = id.split('.')[0]
    if (namespaces.has(ns)) used.add(id)
  }
}
const missing = [...used].filter((id) => !(id in en)).sort()
console.log(missing.join('\n') || 'none missing')

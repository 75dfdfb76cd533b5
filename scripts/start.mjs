// `npm start`: install what is missing, build when the sources changed since the last build, then serve (the
// server migrates and seeds on first run).
import { buildIsCurrent, recordBuild } from './build-state.mjs'
import { ensureDependencies, root, run } from './lib.mjs'

ensureDependencies()
if (buildIsCurrent(root)) {
  console.log('The build is current: serving it.')
} else {
  run('npx', ['react-router', 'build'])
  recordBuild(root)
}
run('node', ['server/index.js'], { env: { ...process.env, NODE_ENV: 'production' } })

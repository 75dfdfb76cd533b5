// `npm start`: install what is missing, build, then serve (the server migrates and seeds on first run).
import { ensureDependencies, run } from './lib.mjs'

ensureDependencies()
run('npx', ['react-router', 'build'])
run('node', ['server/index.js'], { env: { ...process.env, NODE_ENV: 'production' } })

// Fails when two folders of app/ import each other (.dependency-cruiser.cjs). Part of `npm run lint` and `npm test`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = path.join(root, 'node_modules', '.bin', 'depcruise')
const args = process.argv.slice(2)
const result = spawnSync(bin, [...(args.length ? args : ['app']), '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)

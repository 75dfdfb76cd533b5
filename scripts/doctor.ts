// `npm run doctor [-- --processes N] [--machines N] [--backups <folder>]`: the readiness report for the configuration
// in this environment (the same variables the server reads): each production prerequisite as OK, MISSING or
// WARNING with the variable to set. Exits 1 while a MISSING item remains (or the configuration is invalid), 0
// otherwise, so a deployment can refuse to go on. docs/operations.md "Readiness".
//
// --processes: app processes serving the site (default: 2 when REDIS_URL is set, as Redis only joins processes,
// else 1). --machines: how many machines, each with its own DATA_DIR, they run on (default: one per process).
// --backups: where `npm run backup` writes (default: backups).
import { parseArgs } from 'node:util'
import { demoLoginsFromCommandLine, readinessFacts } from '#app/features/operations/readiness-facts.server'
import { formatReadiness, parseEnvForReport, readinessReport } from '#app/features/operations/readiness.server'
import { EnvError } from '#app/lib/env.server'

const USAGE = 'Usage: npm run doctor [-- --processes N] [--machines N] [--backups <folder>]'

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`)
  process.exit(2)
}

let values: { processes?: string; machines?: string; backups?: string }
try {
  ;({ values } = parseArgs({ options: { processes: { type: 'string' }, machines: { type: 'string' }, backups: { type: 'string' } } }))
} catch (err) {
  usage((err as Error).message)
}
const count = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 1000) usage(`--${name} must be a whole number from 1`)
  return Number(v)
}
const processes = count('processes', values.processes)
const machines = count('machines', values.machines)
if (machines !== undefined && processes !== undefined && machines > processes) usage('--machines cannot exceed --processes')

let e
try {
  e = parseEnvForReport(process.env)
} catch (err) {
  if (!(err instanceof EnvError)) throw err
  console.error(err.message)
  console.error('\nNot ready: the server would refuse to start with this configuration.')
  process.exit(1)
}

const facts = readinessFacts(e, {
  topology: { processes, machines },
  backupDir: values.backups,
  demoLogins: await demoLoginsFromCommandLine(e),
})
const items = readinessReport(e, facts)
const { topology } = facts
const shape =
  topology.processes === 1 ? 'one process' : `${topology.processes} processes on ${topology.machines === 1 ? 'one machine' : `${topology.machines} machines`}`
const assumed =
  processes === undefined && machines === undefined ? ` (assumed${e.REDIS_URL ? ' from REDIS_URL' : ''}: say otherwise with --processes N --machines N)` : ''
console.log(`Readiness for ${shape}${assumed}:\n`)
console.log(formatReadiness(items))
process.exitCode = items.some((i) => i.status === 'missing') ? 1 : 0

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import type { ChatFigures } from './chat'
import type { HttpFigures } from './http'

export interface Machine {
  nproc: string
  cpu: string
  memory: string
  node: string
  database: string
}

export function machine(database: string): Machine {
  let nproc = String(os.availableParallelism())
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim()
  } catch {
    // os.availableParallelism() it is
  }
  let cpu = os.cpus()[0]?.model ?? 'unknown'
  try {
    const line = fs
      .readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'))
    if (line) cpu = line.split(':').slice(1).join(':').trim()
  } catch {
    // not Linux
  }
  return { nproc, cpu, memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`, node: process.version, database }
}

export function machineLine(m: Machine): string {
  return `${m.nproc} CPU (nproc), ${m.cpu}, ${m.memory} RAM, Node ${m.node}, ${m.database}`
}

const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms` : 'n/a')
const rps = (v: number) => v.toFixed(0)

export interface Report {
  date: string
  machine: Machine
  profiles: number
  members: number
  connections: number
  durationS: number
  baseline: HttpFigures
  page: HttpFigures
  resultTotal: number
  chat: ChatFigures[]
  /** 1-minute load average when the run started: other work on the machine shares its CPUs. */
  loadBefore: number
}

export function httpTable(r: Report): string {
  const b = r.baseline
  const p = r.page
  return [
    `| ${r.date} | /lang-config (baseline) | /members (24 of ${r.resultTotal}) | /members vs baseline |`,
    '|---|---:|---:|---:|',
    `| requests/s | ${rps(b.requestsPerSec)} | ${rps(p.requestsPerSec)} | ${(p.requestsPerSec / b.requestsPerSec).toFixed(2)}× |`,
    `| latency p50 | ${ms(b.p50)} | ${ms(p.p50)} | ${(p.p50 / b.p50).toFixed(2)}× |`,
    `| latency p99 | ${ms(b.p99)} | ${ms(p.p99)} | ${(p.p99 / b.p99).toFixed(2)}× |`,
    `| requests (non-2xx, errors) | ${b.total} (${b.non2xx}, ${b.errors}) | ${p.total} (${p.non2xx}, ${p.errors}) | |`,
  ].join('\n')
}

export function chatTable(r: Report): string {
  const runs = r.chat
  const row = (label: string, f: (c: ChatFigures) => string) => `| ${label} | ${runs.map(f).join(' | ')} |`
  const errs = (c: ChatFigures) =>
    [...Object.entries(c.errors).map(([k, v]) => `${k}: ${v}`), ...(c.duplicates ? [`${c.duplicates} duplicates`] : [])].join(', ') || 'none'
  return [
    `| ${r.date}, chat: ${runs[0]?.pairs ?? 0} pairs | ${runs.map((c) => `${c.ratePerSec} msg/s per sender${c.mode === 'charged' ? ', **charged**' : ', free'}`).join(' | ')} |`,
    `|---|${runs.map(() => '---:').join('|')}|`,
    row('offered load', (c) => `${c.pairs * c.ratePerSec} msg/s`),
    row('delivered throughput', (c) => `${c.throughput.toFixed(0)} msg/s`),
    row('messages sent / delivered', (c) => `${c.sent} / ${c.delivered}`),
    row('lost', (c) => String(c.lost)),
    row('**delivery p50**', (c) => ms(c.p50)),
    row('**delivery p99**', (c) => ms(c.p99)),
    row('delivery max', (c) => ms(c.max)),
    row('sender ack p50 / p99', (c) => `${ms(c.ackP50)} / ${ms(c.ackP99)}`),
    row('errors', errs),
  ].join('\n')
}

export function resultsMarkdown(r: Report): string {
  return `# Benchmark results

Produced by \`npm run bench\` (bench/run.ts); every figure below comes from one run on the machine named.

## Method

- **Data**: a fresh PostgreSQL database \`bench_<timestamp>\` (migrated, \`ANALYZE\`d, dropped afterwards) with
  ${r.profiles.toLocaleString('en')} fictional profiles from the demo generator (no avatars) and ${r.members} member accounts with
  profiles and sessions.
- **Server**: the production build (\`node server/index.js\`, NODE_ENV=production, LOG_LEVEL=warn, in-memory bus)
  on a loopback port; load generator and server share the machine.
- **Pages**: autocannon, ${r.connections} keep-alive connections for ${r.durationS} s per page after a warm-up, logged in
  (\`sid\` cookie) as a hetero man in NL whose default search (women in NL) fills the first page with 24 cards
  (checked before measuring). Baseline: \`/lang-config\`, the empty layout with no loader beyond the root's, rendered
  by the same server. Responses are uncompressed (autocannon sends no Accept-Encoding); latency has 1 ms resolution.
- **Chat**: ${r.chat[0]?.pairs} sender/receiver pairs on ${(r.chat[0]?.pairs ?? 0) * 2} sockets to \`/ws\`. Each sender writes ${r.chat[0]?.messagesPerSender} messages to
  its partner at a fixed rate (one run per rate: ${r.chat.map((c) => c.ratePerSec).join(', ')} per second, all under the hub's 5/s per-socket
  limit), each sender starting at a random offset. Delivery latency = time of the receiver's \`message\` event −
  time of the sender's \`ws.send()\`, both in the bench process (one clock); it includes the server's checks, the
  transaction, the badge count query and the bus hop. A message still missing after the drain timeout is lost.
  When the offered load exceeds what the server sustains, latency grows with the length of the run (a queue), so
  the highest rate measures saturation, not a steady state.

## Results

Machine: ${machineLine(r.machine)}; load average 1 min at start: ${r.loadBefore.toFixed(2)}

${httpTable(r)}

${chatTable(r)}
`
}

/**
 * The other benches (search.ts, notifications.ts, payments.ts) each own a section of RESULTS.md between
 * `<!-- name:start -->` and `<!-- name:end -->`. run.ts rewrites the top part and keeps those sections as they
 * were, so running it alone does not lose the others' figures; each bench replaces its own section when it runs.
 */
export function keepSections(fresh: string, previous: string): string {
  const sections = [...previous.matchAll(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g)]
    .map((m) => m[0])
    .filter((s) => !fresh.includes(s.slice(0, s.indexOf('-->') + 3)))
  return sections.length ? `${fresh.trimEnd()}\n\n${sections.join('\n\n')}\n` : fresh
}

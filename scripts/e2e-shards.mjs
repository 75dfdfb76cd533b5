import fs from 'node:fs'
import path from 'node:path'

/**
 * The browser test files split into `count` shards of about equal time. Playwright's own --shard splits by the
 * number of tests, and the suite's tests differ by 50× in time: its two shards ended 2 minutes apart on a 7-minute
 * run (issue 25). `durations` gives each file's seconds from an earlier run (tests/e2e/durations.json); a file not
 * in it counts as the average file. Longest first, each to the shard with the least so far (LPT), so the split is
 * the same on every machine for the same files.
 */
export function balancedShards(files, durations, count) {
  const known = files.map((f) => durations[f]).filter((d) => typeof d === 'number')
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1
  const weighted = files.map((file) => ({ file, seconds: durations[file] ?? average }))
  weighted.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }))
  for (const w of weighted) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min))
    lightest.files.push(w.file)
    lightest.seconds += w.seconds
  }
  for (const s of shards) s.files.sort()
  return shards
}

/** The spec files of tests/e2e and their recorded durations. */
export function e2eSpecFiles(root) {
  const dir = path.join(root, 'tests/e2e')
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()
  const durations = JSON.parse(fs.readFileSync(path.join(dir, 'durations.json'), 'utf8'))
  return { files, durations }
}

/** Each spec file's seconds in Playwright JSON reports (one per shard). */
export function durationsFromReports(reports) {
  const out = {}
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s)
    for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const r of t.results) out[spec.file] = (out[spec.file] ?? 0) + r.duration / 1000
  }
  for (const r of reports) walk(r)
  return Object.fromEntries(
    Object.entries(out)
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([f, s]) => [f, Math.round(s * 10) / 10]),
  )
}

// `node scripts/e2e-shards.mjs --record`: tests/e2e/durations.json from the reports of the last `npm test`
// (test-results/e2e-shard-*.json), for when files were added or their times changed a lot.
if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href && process.argv[2] === '--record') {
  const root = path.resolve(new URL('..', import.meta.url).pathname)
  const dir = path.join(root, 'test-results')
  const reports = fs
    .readdirSync(dir)
    .filter((f) => /^e2e-shard-\d+\.json$/.test(f))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  const durations = durationsFromReports(reports)
  fs.writeFileSync(path.join(root, 'tests/e2e/durations.json'), `${JSON.stringify(durations, null, 2)}\n`)
  console.log(`tests/e2e/durations.json: ${Object.keys(durations).length} files from ${reports.length} reports`)
}

/**
 * Search at scale (issue: profiles, photos, search): latency p50/p95/p99 of the member search over 1,000,000
 * generated profiles with 8 concurrent clients on PostgreSQL, beside a `select 1` round trip measured in the same
 * run, plus the query plans of representative searches, which must contain no sequential scan.
 * Run by `npm run bench` after bench/run.ts; writes its section of bench/RESULTS.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql as sqlTag } from 'drizzle-orm'
import { machine, machineLine } from './report'
import { createBenchDatabase, ROOT } from './setup'

const PROFILES = Number(process.env.BENCH_SEARCH_PROFILES ?? 1_000_000)
const CLIENTS = 8
const DURATION_MS = 20_000
const BASELINE_MS = 5_000
const CHUNK = 100_000
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

process.chdir(ROOT)
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'))
process.env.LOG_LEVEL = 'warn'

const countries = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PL', 'DK', 'FI', 'NO', 'SE']

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function planNodes(plan: Record<string, unknown>, out: string[] = []): string[] {
  const rel = plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''
  const idx = plan['Index Name'] ? ` using ${plan['Index Name']}` : ''
  out.push(`${plan['Node Type']}${rel}${idx}`)
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) planNodes(child, out)
  return out
}

async function main() {
  const database = await createBenchDatabase(adminUrl)
  const { openDatabase, migrate, setDatabase, db } = await import('#db/client.server')
  const handle = await openDatabase({ url: database.url, poolSize: CLIENTS + 2 })
  try {
    setDatabase(handle)
    await migrate(handle)
    const raw = new pg.Pool({ connectionString: database.url, max: CLIENTS + 1 })
    console.log(`- generating ${PROFILES.toLocaleString('en')} profiles in PostgreSQL`)
    const started = Date.now()
    for (let from = 1; from <= PROFILES; from += CHUNK) {
      const to = Math.min(PROFILES, from + CHUNK - 1)
      // Members with confirmed accounts (user g for profile g; every tenth profile is fictional and has none): the
      // match finder proposes only members who can like back (issue 28).
      await raw.query(
        `insert into users (email, password_hash, status) select 'b' || g || '@bench.test', 'x', 'active' from generate_series($1::int, $2::int) g`,
        [from, to],
      )
      // Both genders, all sexualities, ages 18-70, 19 countries with 10 regions each, 0.5% in privacy mode,
      // 1% invisible, activity spread over 60 days.
      await raw.query(
        `insert into profiles (user_id, name, gender, sexuality, birth_date, country, region, city, status, is_fictional, invisible, privacy_mode, last_active_at)
         select case when g % 10 = 0 then null else g end, 'P' || g, (array['male','female'])[1 + g % 2],
                (array['hetero','hetero','hetero','bi','gay','lesbian'])[1 + g % 6],
                current_date - interval '18 years' - (random() * 52 * 365)::int * interval '1 day',
                ($1::text[])[1 + (g / 7) % ${countries.length}], 'R' || (g % 10), 'City ' || (g % 500), 'active', g % 10 = 0,
                g % 100 = 0, g % 200 = 0, now() - random() * interval '60 days'
         from generate_series($2::int, $3::int) g`,
        [countries, from, to],
      )
      process.stdout.write(`  ${to.toLocaleString('en')}\r`)
    }
    // Relationships so that the visibility conditions have real tables to consult.
    await raw.query(
      `insert into likes (liker_id, liked_id, is_new) select g, g + 7, g % 3 = 0 from generate_series(1, ${Math.floor(PROFILES / 10)}) g on conflict do nothing`,
    )
    await raw.query(
      `insert into blocks (blocker_id, blocked_id) select g, g + 11 from generate_series(1, ${Math.floor(PROFILES / 50)}) g on conflict do nothing`,
    )
    await raw.query(
      `insert into conversations (profile_low_id, profile_high_id, started_by) select g, g + 3, g from generate_series(1, ${Math.floor(PROFILES / 20)}) g on conflict do nothing`,
    )
    // Half the profiles have a main photo.
    await raw.query(
      `insert into profile_images (profile_id, filename, thumb_filename, match_filename, blurred_filename, status) select g, g || '.webp', g || '-t.webp', g || '-m.webp', g || '-b.webp', 'active' from generate_series(2, ${PROFILES}, 2) g`,
    )
    await raw.query(`update profiles p set main_image_id = i.id from profile_images i where i.profile_id = p.id`)
    // The member whose searches are measured, with a few blocks and likes of their own.
    await raw.query(`insert into blocks (blocker_id, blocked_id) select 12345, g from generate_series(20000, 20050) g on conflict do nothing`)
    await raw.query(`insert into likes (liker_id, liked_id) select g, 12345 from generate_series(30000, 30200) g on conflict do nothing`)
    await raw.query('vacuum analyze users, profiles, likes, blocks, conversations, profile_images')
    console.log(`\n- generated and analyzed in ${((Date.now() - started) / 1000).toFixed(0)} s`)

    const { buildSearchQueries, searchMembers } = await import('#app/features/search/search-members.server')
    const { parseSearchQuery } = await import('#app/features/search/search.schema')
    const viewerId = 12345
    const rnd = (n: number) => Math.floor(Math.random() * n)
    const randomQuery = () => {
      const country = rnd(10) < 8 ? countries[rnd(countries.length)] : ''
      const min = 18 + rnd(40)
      const params = new URLSearchParams({
        gender: ['male', 'female', 'male', 'female', 'any'][rnd(5)],
        country,
        countryregion: country && rnd(10) === 0 ? `R${rnd(10)}` : '',
        min_age: String(min),
        max_age: String(Math.min(99, min + 5 + rnd(30))),
        page: String(rnd(10) < 7 ? 1 : 2 + rnd(4)),
      })
      return parseSearchQuery(params)
    }

    // Query plans of representative searches: none may read the profiles table sequentially.
    const samples: [string, ReturnType<typeof parseSearchQuery>, number | null][] = [
      ['country, gender, ages', parseSearchQuery(new URLSearchParams('gender=female&country=NL&min_age=25&max_age=40')), viewerId],
      ['all countries', parseSearchQuery(new URLSearchParams('gender=male&min_age=18&max_age=99')), viewerId],
      ['region', parseSearchQuery(new URLSearchParams('gender=female&country=DE&countryregion=R3&min_age=30&max_age=50')), viewerId],
      ['page 5, narrow ages', parseSearchQuery(new URLSearchParams('gender=female&country=FR&min_age=60&max_age=62&page=5')), viewerId],
      ['visitor, any gender', parseSearchQuery(new URLSearchParams('gender=any&country=IT')), null],
    ]
    const plans: { name: string; kind: string; nodes: string[]; seqScan: boolean; ms: number }[] = []
    for (const [name, q, viewer] of samples) {
      const built = buildSearchQueries(viewer, q, 24)
      for (const [kind, query] of [
        ['page', built.page],
        ['count', built.count],
      ] as const) {
        const { sql, params } = query.toSQL()
        const res = await raw.query(`explain (analyze, format json) ${sql}`, params)
        const root = (res.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[])[0]
        const nodes = planNodes(root.Plan)
        plans.push({ name, kind, nodes, seqScan: nodes.some((n) => n.startsWith('Seq Scan')), ms: root['Execution Time'] })
      }
    }

    // Matching (app/features/matching): the proposal queries of a swipe card and of the match finder, for random
    // viewers of every orientation, the way proposals() runs them (region, then country, then elsewhere).
    const { buildProposalQueries } = await import('#app/features/matching/proposals.server')
    const sexes = ['male', 'female'] as const
    const orientations = ['hetero', 'gay', 'lesbian', 'bi'] as const
    const randomViewer = () => {
      const gender = sexes[rnd(2)]
      const raw = orientations[rnd(4)]
      const sexuality = raw === 'gay' || raw === 'lesbian' ? (gender === 'male' ? 'gay' : 'lesbian') : raw
      const country = countries[rnd(countries.length)]
      return { profileId: 1 + rnd(PROFILES), gender, sexuality, birthDate: `${1960 + rnd(45)}-06-15`, country, region: rnd(2) ? `R${rnd(10)}` : null } as const
    }
    async function runProposals(limit: number) {
      const q = buildProposalQueries(randomViewer(), { limit, skipDays: 30 })
      const near = q.region ? await q.region : []
      const rest = near.length < limit ? await q.country : []
      if (near.length + rest.length < limit) await q.elsewhere
    }
    const sampleViewer = { profileId: viewerId, gender: 'male', sexuality: 'hetero', birthDate: '1990-06-15', country: 'NL', region: 'R3' } as const
    const built = buildProposalQueries(sampleViewer, { limit: 24, skipDays: 30 })
    for (const [kind, query] of [
      ['region', built.region!],
      ['country', built.country],
      ['elsewhere', built.elsewhere],
    ] as const) {
      const { sql, params } = query.toSQL()
      const res = await raw.query(`explain (analyze, format json) ${sql}`, params)
      const root = (res.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[])[0]
      const nodes = planNodes(root.Plan)
      plans.push({ name: 'match finder', kind, nodes, seqScan: nodes.some((n) => n.startsWith('Seq Scan')), ms: root['Execution Time'] })
    }

    async function measure(ms: number, op: () => Promise<unknown>): Promise<{ n: number; p50: number; p95: number; p99: number; perSec: number }> {
      const lat: number[] = []
      const end = Date.now() + ms
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < end) {
            const t = performance.now()
            await op()
            lat.push(performance.now() - t)
          }
        }),
      )
      lat.sort((a, b) => a - b)
      return { n: lat.length, p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99), perSec: lat.length / (ms / 1000) }
    }

    console.log('- baseline: select 1')
    const baseline = await measure(BASELINE_MS, () => db().execute(sqlTag`select 1`))
    console.log(`- search: ${CLIENTS} clients for ${DURATION_MS / 1000} s`)
    await measure(2000, () => searchMembers(viewerId, randomQuery(), 24)) // warm-up
    const search = await measure(DURATION_MS, () => searchMembers(viewerId, randomQuery(), 24))
    console.log(`- swipe card and match finder: ${CLIENTS} clients for ${DURATION_MS / 1000} s each`)
    await measure(2000, () => runProposals(24)) // warm-up
    const swipe = await measure(DURATION_MS, () => runProposals(1))
    const finder = await measure(DURATION_MS, () => runProposals(24))
    await raw.end()

    const f = (x: number) => x.toFixed(1)
    const table = [
      `| ${new Date().toISOString().slice(0, 10)} | \`select 1\` (baseline) | search page (results + total) | swipe card (1 proposal) | match finder (24 proposals) |`,
      '|---|---:|---:|---:|---:|',
      `| operations/s | ${baseline.perSec.toFixed(0)} | ${search.perSec.toFixed(0)} | ${swipe.perSec.toFixed(0)} | ${finder.perSec.toFixed(0)} |`,
      `| p50 | ${f(baseline.p50)} ms | ${f(search.p50)} ms | ${f(swipe.p50)} ms | ${f(finder.p50)} ms |`,
      `| p95 | ${f(baseline.p95)} ms | ${f(search.p95)} ms | ${f(swipe.p95)} ms | ${f(finder.p95)} ms |`,
      `| p99 | ${f(baseline.p99)} ms | ${f(search.p99)} ms | ${f(swipe.p99)} ms | ${f(finder.p99)} ms |`,
    ].join('\n')
    const planLines = plans
      .map((p) => `- ${p.name} (${p.kind}, ${p.ms.toFixed(1)} ms): ${p.seqScan ? '**SEQ SCAN** ' : ''}${[...new Set(p.nodes)].join(' → ')}`)
      .join('\n')
    const anySeq = plans.some((p) => p.seqScan)
    console.log(`\n${table}\n\nQuery plans${anySeq ? ' (SEQUENTIAL SCAN FOUND)' : ' (no sequential scan)'}:\n${planLines}`)
    const section = [
      '<!-- search:start -->',
      '## Search over 1,000,000 profiles',
      '',
      `Method: ${PROFILES.toLocaleString('en')} generated profiles (90% confirmed members and 10% fictional, half with a photo; 19 countries, 10 regions each, ages 18-70, 1% invisible, 0.5% in privacy mode) plus likes and blocks in a fresh PostgreSQL database, vacuumed and analyzed; ${CLIENTS} concurrent clients run random searches (gender, country 80%, region 10%, age range, page 1-5) through \`searchMembers\` for ${DURATION_MS / 1000} s as one logged-in member; baseline: the same clients running \`select 1\`. Latency covers both queries of a page (results and total count). Matching: the same clients ask for proposals (app/features/matching, the compatibility rule of decision 013) for random viewers of every gender, sexuality, country and region, as a swipe card (1 proposal) and as the match finder (24), running the region, country and other-countries queries as proposals() does.`,
      '',
      `Machine: ${machineLine(machine('PostgreSQL'))}`,
      '',
      table,
      '',
      `Query plans (EXPLAIN ANALYZE), ${anySeq ? 'a sequential scan was found' : 'no sequential scan'}:`,
      '',
      planLines,
      '<!-- search:end -->',
    ].join('\n')
    const file = path.join(ROOT, 'bench/RESULTS.md')
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n'
    const next = current.includes('<!-- search:start -->')
      ? current.replace(/<!-- search:start -->[\s\S]*<!-- search:end -->/, section)
      : `${current.trimEnd()}\n\n${section}\n`
    fs.writeFileSync(file, next)
    console.log('\nWritten to bench/RESULTS.md')
    if (anySeq) process.exitCode = 1
  } finally {
    setDatabase(undefined)
    await handle.close()
    await database.drop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})

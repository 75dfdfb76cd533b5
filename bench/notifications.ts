/**
 * `npm run bench` (after bench/run.ts): how long a domain event takes to become an e-mail handed to SMTP and a
 * Web Push accepted by a push service, at a sustained 100 events per second, through the real pipeline (a
 * message committed with its events, the job runner's dispatch, the notification jobs, nodemailer over SMTP,
 * web-push over HTTPS). Baselines in the same run: the same e-mails and pushes sent directly. Writes its section
 * of bench/RESULTS.md. Needs the local PostgreSQL (BENCH_DATABASE_URL).
 */
import fs from 'node:fs'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { fork } from 'node:child_process'
import https from 'node:https'
import { sql } from 'drizzle-orm'
import { setMailer } from '#app/adapters/mail/index.server'
import { createSmtpMailer } from '#app/adapters/mail/smtp-mailer.server'
import { vapidKeys } from '#app/adapters/push/vapid.server'
import { sendPush } from '#app/adapters/push/web-push.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { setPushTransport } from '#app/features/notifications/push/push-notify.server'
import { savePushSubscription } from '#app/features/notifications/push-subscriptions.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { migrate, openDatabase, setDatabase } from '#db/client.server'
import { createJobRunner } from '#server/jobs.server'
import { machine, machineLine } from './report'
import { createBenchDatabase, ROOT } from './setup'
import { createSession, sessionIdOf } from '#app/features/authentication/sessions.server'

// Two sustained rates, each on members of its own: one the pipeline keeps up with, and the one the issue asks for.
const RATES = [50, 100]
const DURATION_S = Number(process.env.BENCH_NOTIFY_S ?? 20)
const BASELINE_COUNT = 300
const DRAIN_TIMEOUT_MS = 120_000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
process.chdir(ROOT)
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notify-'))
process.env.LOG_LEVEL = 'warn'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN
}
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a')
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

type Arrivals = { mail: Map<string, number>; push: Map<string, number> }

/** Starts bench/notify-receivers.ts and returns a small client for it. */
async function startReceivers() {
  const child = fork(path.join(ROOT, 'bench/notify-receivers.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return
        child.off('message', on)
        resolve(m as T)
      }
      child.on('message', on)
    })
  const ready = await next<{ smtpUrl: string; ca: string }>('ready')
  return {
    smtpUrl: ready.smtpUrl,
    agent: new https.Agent({ ca: ready.ca }),
    async subscribe(count: number) {
      const reply = next<{ list: { endpoint: string; keys: { p256dh: string; auth: string } }[] }>('subscriptions')
      child.send({ type: 'subscribe', count })
      return (await reply).list
    },
    async arrivals(): Promise<Arrivals> {
      const reply = next<{ mail: [string, number][]; push: [string, number][] }>('arrivals')
      child.send({ type: 'arrivals' })
      const r = await reply
      return { mail: new Map(r.mail), push: new Map(r.push) }
    },
    close: () => void child.kill(),
  }
}

interface RateFigures {
  rate: number
  n: number
  mail: number[]
  push: number[]
  elu: number
}

async function main() {
  const database = await createBenchDatabase(adminUrl)
  const handle = await openDatabase({ url: database.url })
  const receivers = await startReceivers()
  try {
    setDatabase(handle)
    await migrate(handle)
    const total = RATES.reduce((a, r) => a + r * DURATION_S, 0)
    // Senders and recipients: active, listed, offline members; each pair's first message starts a conversation,
    // so every event brings exactly one e-mail (new_conversations) and one push.
    await handle.db.execute(sql`
      insert into users (email, password_hash, status) select 'member' || i || '@bench.test', 'x', 'active' from generate_series(1, ${2 * total}) i`)
    await handle.db.execute(sql`
      insert into profiles (user_id, name, gender, birth_date, country, status)
      select id, 'Member' || id, case when id % 2 = 0 then 'male' else 'female' end, '1990-01-01', 'NL', 'active' from users`)
    const rows = (await handle.db.execute(
      sql`select p.id, p.user_id as "userId", u.email from profiles p join users u on u.id = p.user_id order by p.id`,
    )) as unknown as {
      rows: { id: number; userId: number; email: string }[]
    }
    const members = rows.rows
    const senders = members.slice(0, total)
    const recipients = members.slice(total)
    const endpointOf = new Map<number, string>()
    const subs = await receivers.subscribe(total + 1)
    for (const [i, m] of recipients.entries()) {
      await savePushSubscription(m.userId, sessionIdOf(await createSession(m.userId))!, subs[i])
      endpointOf.set(m.id, subs[i].endpoint)
    }
    await updateSetting('notification_email_delay_minutes', 0)
    // The recurring digests count as run for this period: on a fresh database they would all start now.
    await handle.db.execute(
      sql`insert into job_schedules (name, last_period) select n, now() from unnest(array['email.unread-reminders','email.photo-reminders','email.weekly-updates','housekeeping']) n`,
    )
    setMailer(createSmtpMailer(receivers.smtpUrl, 'bench@example.com'))
    setPushTransport({ agent: receivers.agent, allowPrivateAddresses: true })

    // Baselines: the same kind of e-mail and push, sent directly at 100/s (no events, no jobs).
    const direct = createSmtpMailer(receivers.smtpUrl, 'bench@example.com')
    const keys = vapidKeys(process.env.DATA_DIR!)
    const baseSub = subs[total]
    const pushDirect = () =>
      sendPush(
        { endpoint: baseSub.endpoint, p256dh: baseSub.keys.p256dh, auth: baseSub.keys.auth },
        { title: 'x', body: 'y' },
        { vapid: { subject: 'mailto:bench@example.com', ...keys }, agent: receivers.agent, allowPrivateAddresses: true },
      )
    const mailSentAt: [string, number][] = []
    const pushBase: number[] = []
    for (let i = 0; i < BASELINE_COUNT; i++) {
      const to = `baseline${i}@bench.test`
      mailSentAt.push([to, Date.now()])
      await direct.send({ to, subject: 'x', html: '<p>x</p>', text: 'x', kind: 'bench' })
      // One subscription for all baseline pushes: each push's own round trip (sendPush resolves on the 201).
      const t0 = Date.now()
      await pushDirect()
      pushBase.push(Date.now() - t0)
      await sleep(10)
    }
    const base = await receivers.arrivals()
    const mailBase = mailSentAt.map(([to, t0]) => (base.mail.get(to) ?? NaN) - t0)

    const figures: RateFigures[] = []
    let offset = 0
    for (const rate of RATES) {
      const n = rate * DURATION_S
      const runner = createJobRunner()
      const elu0 = performance.eventLoopUtilization()
      runner.start()
      const committed = new Map<number, number>()
      const start = Date.now()
      for (let i = 0; i < n; i++) {
        const due = start + (i * 1000) / rate
        if (due > Date.now()) await sleep(due - Date.now())
        const sender = senders[offset + i]
        const recipient = recipients[offset + i]
        void sendMessage({ senderId: sender.id, toProfileId: recipient.id, clientId: crypto.randomUUID(), body: `bench ${i}` }).then(() =>
          committed.set(recipient.id, Date.now()),
        )
      }
      // How busy the pipeline's process was while the events came: 1.00 means CPU-bound.
      const elu = performance.eventLoopUtilization(elu0).utilization
      const mine = recipients.slice(offset, offset + n)
      const deadline = Date.now() + DRAIN_TIMEOUT_MS
      let got = await receivers.arrivals()
      const arrivedAll = () => mine.every((r) => got.mail.has(r.email) && got.push.has(endpointOf.get(r.id)!))
      while (!arrivedAll() && Date.now() < deadline) {
        await sleep(500)
        got = await receivers.arrivals()
      }
      await runner.stop()
      const mail: number[] = []
      const push: number[] = []
      for (const r of mine) {
        const t0 = committed.get(r.id)
        if (t0 === undefined) continue
        const m = got.mail.get(r.email)
        const p = got.push.get(endpointOf.get(r.id)!)
        if (m !== undefined) mail.push(m - t0)
        if (p !== undefined) push.push(p - t0)
      }
      figures.push({ rate, n, mail, push, elu })
      offset += n
    }

    const date = new Date().toISOString().slice(0, 10)
    const cols = figures.flatMap((f) => [`event → e-mail at ${f.rate}/s`, `event → push at ${f.rate}/s`])
    const row = (label: string, baseMail: string, basePush: string, cell: (f: RateFigures) => [string, string]) =>
      `| ${label} | ${baseMail} | ${basePush} | ${figures.flatMap(cell).join(' | ')} |`
    const table = [
      `| ${date} | e-mail sent directly (baseline) | push sent directly (baseline) | ${cols.join(' | ')} |`,
      `|---|---:|---:|${cols.map(() => '---:').join('|')}|`,
      row('count', String(mailBase.length), String(pushBase.length), (f) => [`${f.mail.length} of ${f.n}`, `${f.push.length} of ${f.n}`]),
      row('p50', ms(pct(mailBase, 50)), ms(pct(pushBase, 50)), (f) => [ms(pct(f.mail, 50)), ms(pct(f.push, 50))]),
      row('p99', ms(pct(mailBase, 99)), ms(pct(pushBase, 99)), (f) => [ms(pct(f.mail, 99)), ms(pct(f.push, 99))]),
      row('max', ms(pct(mailBase, 100)), ms(pct(pushBase, 100)), (f) => [ms(pct(f.mail, 100)), ms(pct(f.push, 100))]),
      row('event-loop utilisation', '', '', (f) => [f.elu.toFixed(2), '']),
    ].join('\n')
    const m = machine('PostgreSQL (local, loopback)')
    console.log(`\nMachine: ${machineLine(m)}\n\n${table}`)
    const section = [
      '<!-- notifications:start -->',
      '## Notifications: event → e-mail and event → push',
      '',
      `Method: chat messages between distinct pairs of offline members at a sustained rate (${RATES.join(' and ')} events/s, ${DURATION_S} s each, members of their own per rate) through \`sendMessage\` (the message and its domain events in one transaction) in the bench process, with the product's job runner (server/jobs.server.ts, default settings) in the same process, as in the server; e-mail delay setting 0; the recurring digests marked as run. Each message starts a conversation, so it brings one new_conversations e-mail and one push. Latency: from the commit to the e-mail's arrival at a local SMTP server (smtp-server), and to the push's arrival, VAPID-checked and decrypted, at a local HTTPS push service (tests/setup/push-service.ts); both receivers run in a child process (bench/notify-receivers.ts). Baselines: ${BASELINE_COUNT} e-mails (send to arrival) and pushes (send to the service's 201) of the same kind sent directly through the same mailer and push adapter. Event-loop utilisation is that of the pipeline's process while the events came (1.00: CPU-bound).`,
      '',
      `Machine: ${machineLine(m)}`,
      '',
      table,
      '<!-- notifications:end -->',
    ].join('\n')
    const file = path.join(ROOT, 'bench/RESULTS.md')
    const current = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(
      file,
      current.includes('<!-- notifications:start -->')
        ? current.replace(/<!-- notifications:start -->[\s\S]*<!-- notifications:end -->/, section)
        : `${current.trimEnd()}\n\n${section}\n`,
    )
    console.log('\nWritten to bench/RESULTS.md')
    const lost = figures.filter((f) => f.mail.length < f.n || f.push.length < f.n)
    if (lost.length) throw new Error(`lost: ${lost.map((f) => `${f.n - f.mail.length} e-mails, ${f.n - f.push.length} pushes at ${f.rate}/s`).join('; ')}`)
  } finally {
    setDatabase(undefined)
    await handle.close()
    receivers.close()
    await database.drop()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`\nbench failed: ${(e as Error).stack ?? e}`)
    process.exit(1)
  },
)

/**
 * The receiving end of bench/notifications.ts, in a process of its own so that it does not take CPU from the
 * pipeline under measurement: a local SMTP server and a local push service (tests/setup/push-service.ts). Talks
 * to its parent over IPC: hands out subscriptions, and at the end the arrival time of every e-mail and push.
 */
import { SMTPServer } from 'smtp-server'
import { startPushService } from '../tests/setup/push-service'

type Request = { type: 'subscribe'; count: number } | { type: 'arrivals' } | { type: 'reset' }

const arrived = new Map<string, number>()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo) arrived.set(r.address, Date.now())
      callback()
    })
  },
})
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()))
const push = await startPushService()
const send = (m: unknown) => process.send!(m)

process.on('message', (m: Request) => {
  if (m.type === 'subscribe') send({ type: 'subscriptions', list: Array.from({ length: m.count }, () => push.subscribe()) })
  if (m.type === 'reset') {
    push.reset()
    send({ type: 'reset' })
  }
  if (m.type === 'arrivals') send({ type: 'arrivals', mail: [...arrived], push: push.received.map((p) => [p.endpoint, p.receivedAt]) })
})
process.on('disconnect', () => process.exit(0))
send({ type: 'ready', smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`, caFile: push.caFile, ca: push.ca })

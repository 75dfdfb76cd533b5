import { FormattedMessage } from 'react-intl'
import { env, isProductionSite } from '#app/lib/env.server'
import type { Route } from './+types/dev-outbox'

/**
 * The outboxes for trying the account and payment flows locally: e-mails when no SMTP server is configured, text
 * messages (direct debit codes) when no SMS provider is. They hold reset links and payment codes, so they answer only
 * to this machine's own tools: a loopback TCP peer whose request no proxy forwarded (context.directLocalPeer, the rule
 * of /metrics), never req.ip, which a same-host proxy makes 127.0.0.1 for every visitor. Never on a production site;
 * a 404 too when both go out for real. Shows the latest 50 of each.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const e = env()
  const showEmails = !e.SMTP_URL
  const showSms = e.SMS_PROVIDER === 'outbox'
  if (isProductionSite(e) || context.directLocalPeer !== true || !(showEmails || showSms)) throw new Response('Not Found', { status: 404 })
  const [{ listOutbox }, { listSmsOutbox }] = await Promise.all([
    import('#app/adapters/mail/outbox-mailer.server'),
    import('#app/adapters/sms/outbox-sms.server'),
  ])
  const [emails, sms] = await Promise.all([showEmails ? listOutbox(50) : null, showSms ? listSmsOutbox(50) : null])
  return { emails, sms }
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { emails, sms } = loaderData
  return (
    <main className="container py-4">
      <h1 className="h3">
        <FormattedMessage id="outbox.title" />
      </h1>
      {emails ? (
        <section className="mb-4">
          {emails.length === 0 ? (
            <p>
              <FormattedMessage id="outbox.empty" />
            </p>
          ) : null}
          {emails.map((m) => (
            <article key={m.id} className="card mb-3" data-testid="outbox-email">
              <div className="card-header">
                <strong>{m.subject}</strong> → {m.toAddress}{' '}
                <span className="text-body-secondary small">
                  ({m.kind}, {m.createdAt})
                </span>
              </div>
              <pre className="card-body mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                {m.text}
              </pre>
            </article>
          ))}
        </section>
      ) : null}
      {sms ? (
        <section aria-labelledby="outbox-sms-title">
          <h2 id="outbox-sms-title" className="h4">
            <FormattedMessage id="directdebit.outboxTitle" />
          </h2>
          {sms.length === 0 ? (
            <p>
              <FormattedMessage id="directdebit.outboxEmpty" />
            </p>
          ) : null}
          {sms.map((m) => (
            <article key={m.id} className="card mb-3" data-testid="outbox-sms">
              <div className="card-header">
                → <span data-testid="outbox-sms-to">{m.toNumber}</span> <span className="text-body-secondary small">({m.createdAt})</span>
              </div>
              <p className="card-body mb-0" data-testid="outbox-sms-body">
                {m.body}
              </p>
            </article>
          ))}
        </section>
      ) : null}
    </main>
  )
}

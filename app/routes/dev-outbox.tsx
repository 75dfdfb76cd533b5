import { FormattedMessage } from 'react-intl'
import { env } from '#app/lib/env.server'
import type { Route } from './+types/dev-outbox'

/**
 * The e-mail outbox when no SMTP server is configured: readable only from this machine (loopback), never when
 * SMTP_URL is set. Shows the latest 50 e-mails with their links, for trying the account flows locally.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(context.clientIp)
  if (env().SMTP_URL || !loopback) throw new Response('Not Found', { status: 404 })
  const { listOutbox } = await import('#app/adapters/mail/outbox-mailer.server')
  return { emails: await listOutbox(50) }
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container py-4">
      <h1 className="h3">
        <FormattedMessage id="outbox.title" />
      </h1>
      {loaderData.emails.length === 0 ? (
        <p>
          <FormattedMessage id="outbox.empty" />
        </p>
      ) : null}
      {loaderData.emails.map((m) => (
        <article key={m.id} className="card mb-3" data-testid="outbox-email">
          <div className="card-header">
            <strong>{m.subject}</strong> → {m.toAddress} <span className="text-body-secondary small">({m.kind}, {m.createdAt})</span>
          </div>
          <pre className="card-body mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {m.text}
          </pre>
        </article>
      ))}
    </main>
  )
}

import { renderToStaticMarkup } from 'react-dom/server'
import type { Locale } from '#app/i18n/locales'
import { serverIntl } from '#app/i18n/translate.server'

export interface EmailContent {
  subject: string
  html: string
  text: string
}

/** A profile shown in an e-mail (the sender of a message, new members near you): absolute URLs only. */
export interface EmailProfile {
  name: string
  detail: string
  url: string
  imageUrl: string | null
}

const brand = '#cf3f37'
const muted = { fontSize: 13, color: '#555' } as const

/**
 * One e-mail layout for every e-mail: greeting, text, optional profiles, one button, the link spelled out, and a
 * footer (with an unsubscribe link for notifications). HTML and plain text come from the same catalog messages,
 * in the member's language.
 */
export function renderEmail(opts: {
  locale: Locale
  siteName: string
  company: string
  name: string
  subjectId: string
  bodyId: string
  buttonId: string
  url: string
  values?: Record<string, string | number>
  profiles?: EmailProfile[]
  /** Paragraphs after the body, already translated (a statement of reasons: label and text per line). */
  details?: { label: string; text: string }[]
  /** Account e-mails say "if you did not ask for this, ignore it"; notifications do not. */
  ignoreNote?: boolean
  /** Notifications: why the member gets this e-mail and how to stop it. */
  unsubscribe?: { url: string; settingsUrl: string }
}): EmailContent {
  const t = serverIntl(opts.locale)
  const values = { site: opts.siteName, name: opts.name, ...opts.values }
  const subject = t.formatMessage({ id: opts.subjectId }, values)
  const greeting = t.formatMessage({ id: 'email.greeting' }, values)
  const body = t.formatMessage({ id: opts.bodyId }, values)
  const button = t.formatMessage({ id: opts.buttonId }, values)
  const fallback = t.formatMessage({ id: 'email.linkFallback' })
  const ignore = opts.ignoreNote === false ? null : t.formatMessage({ id: 'email.ignore' })
  const unsubscribeText = opts.unsubscribe ? t.formatMessage({ id: 'email.unsubscribe' }) : null
  const settingsText = opts.unsubscribe ? t.formatMessage({ id: 'email.manageSettings' }) : null
  const footer = `${opts.siteName} · ${opts.company}`
  const html =
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <html lang={opts.locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width" />
          <title>{subject}</title>
        </head>
        <body style={{ margin: 0, background: '#f6f6f6', fontFamily: 'Arial, Helvetica, sans-serif', color: '#222' }}>
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
            <tbody>
              <tr>
                <td align="center" style={{ padding: '24px 12px' }}>
                  <table role="presentation" width="100%" style={{ maxWidth: 560, background: '#fff', borderRadius: 8 }} cellPadding={0} cellSpacing={0}>
                    <tbody>
                      <tr>
                        <td style={{ padding: '24px 28px 0', fontSize: 22, fontWeight: 'bold', color: brand }}>{opts.siteName}</td>
                      </tr>
                      <tr>
                        <td style={{ padding: '16px 28px', fontSize: 16, lineHeight: 1.5 }}>
                          <p>{greeting}</p>
                          <p>{body}</p>
                          {opts.details?.map((d) => (
                            <p key={d.label}>
                              <strong>{d.label}</strong>
                              <br />
                              {d.text}
                            </p>
                          ))}
                          {opts.profiles?.length ? (
                            <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                              <tbody>
                                {opts.profiles.map((p) => (
                                  <tr key={p.url}>
                                    <td width={72} style={{ padding: '6px 12px 6px 0' }}>
                                      {p.imageUrl ? (
                                        <a href={p.url}>
                                          <img src={p.imageUrl} width={64} height={64} alt={p.name} style={{ borderRadius: 32, display: 'block', objectFit: 'cover' }} />
                                        </a>
                                      ) : null}
                                    </td>
                                    <td style={{ padding: '6px 0' }}>
                                      <a href={p.url} style={{ color: '#222', fontWeight: 'bold', textDecoration: 'none' }}>
                                        {p.name}
                                      </a>
                                      <br />
                                      <span style={muted}>{p.detail}</span>
                                    </td>
                                  </tr>
                                ))}
                              </tbody>
                            </table>
                          ) : null}
                          <p style={{ textAlign: 'center', margin: '28px 0' }}>
                            <a href={opts.url} style={{ background: brand, color: '#fff', padding: '12px 22px', borderRadius: 6, textDecoration: 'none', fontWeight: 'bold' }}>
                              {button}
                            </a>
                          </p>
                          <p style={muted}>
                            {fallback}
                            <br />
                            <a href={opts.url} style={{ color: '#b3261e', wordBreak: 'break-all' }}>
                              {opts.url}
                            </a>
                          </p>
                          {ignore ? <p style={muted}>{ignore}</p> : null}
                        </td>
                      </tr>
                      <tr>
                        <td style={{ padding: '0 28px 24px', fontSize: 12, color: '#777' }}>
                          {footer}
                          {opts.unsubscribe ? (
                            <>
                              <br />
                              <a href={opts.unsubscribe.url} style={{ color: '#777' }}>
                                {unsubscribeText}
                              </a>
                              {' · '}
                              <a href={opts.unsubscribe.settingsUrl} style={{ color: '#777' }}>
                                {settingsText}
                              </a>
                            </>
                          ) : null}
                        </td>
                      </tr>
                    </tbody>
                  </table>
                </td>
              </tr>
            </tbody>
          </table>
        </body>
      </html>,
    )
  const text = [
    greeting,
    '',
    body,
    ...(opts.details ?? []).flatMap((d) => ['', `${d.label}:`, d.text]),
    ...(opts.profiles ?? []).map((p) => `- ${p.name}, ${p.detail}: ${p.url}`),
    '',
    `${button}: ${opts.url}`,
    ...(ignore ? ['', ignore] : []),
    '',
    '--',
    footer,
    ...(opts.unsubscribe ? [`${unsubscribeText}: ${opts.unsubscribe.url}`, `${settingsText}: ${opts.unsubscribe.settingsUrl}`] : []),
  ].join('\n')
  return { subject, html, text }
}

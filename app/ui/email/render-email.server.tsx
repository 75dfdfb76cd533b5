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

export interface EmailOptions {
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
}

/** The e-mail's words in the member's language, shared by its HTML and its plain text. */
interface EmailTexts {
  subject: string
  greeting: string
  body: string
  button: string
  fallback: string
  ignore: string | null
  unsubscribeText: string | null
  settingsText: string | null
  footer: string
}

/**
 * One e-mail layout for every e-mail: greeting, text, optional profiles, one button, the link spelled out, and a
 * footer (with an unsubscribe link for notifications). HTML and plain text come from the same catalog messages,
 * in the member's language.
 */
export function renderEmail(opts: EmailOptions): EmailContent {
  const t = emailTexts(opts)
  return { subject: t.subject, html: emailHtml(opts, t), text: emailText(opts, t) }
}

function emailTexts(opts: EmailOptions): EmailTexts {
  const intl = serverIntl(opts.locale)
  const values = { site: opts.siteName, name: opts.name, ...opts.values }
  const subject = intl.formatMessage({ id: opts.subjectId }, values)
  const greeting = intl.formatMessage({ id: 'email.greeting' }, values)
  const body = intl.formatMessage({ id: opts.bodyId }, values)
  const button = intl.formatMessage({ id: opts.buttonId }, values)
  const fallback = intl.formatMessage({ id: 'email.linkFallback' })
  const ignore = opts.ignoreNote === false ? null : intl.formatMessage({ id: 'email.ignore' })
  const unsubscribeText = opts.unsubscribe ? intl.formatMessage({ id: 'email.unsubscribe' }) : null
  const settingsText = opts.unsubscribe ? intl.formatMessage({ id: 'email.manageSettings' }) : null
  const footer = `${opts.siteName} · ${opts.company}`
  return { subject, greeting, body, button, fallback, ignore, unsubscribeText, settingsText, footer }
}

// Element-building functions, not components: the e-mail is rendered once to static markup, with no hooks.

function emailHtml(opts: EmailOptions, t: EmailTexts): string {
  return (
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <html lang={opts.locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width" />
          <title>{t.subject}</title>
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
                      <tr>{messageCell(opts, t)}</tr>
                      <tr>{footerCell(opts, t)}</tr>
                    </tbody>
                  </table>
                </td>
              </tr>
            </tbody>
          </table>
        </body>
      </html>,
    )
  )
}

/** Greeting, body, details, profiles, the button and the link spelled out. */
function messageCell(opts: EmailOptions, t: EmailTexts) {
  return (
    <td style={{ padding: '16px 28px', fontSize: 16, lineHeight: 1.5 }}>
      <p>{t.greeting}</p>
      <p>{t.body}</p>
      {opts.details?.map((d) => (
        <p key={d.label}>
          <strong>{d.label}</strong>
          <br />
          {d.text}
        </p>
      ))}
      {opts.profiles?.length ? profileTable(opts.profiles) : null}
      <p style={{ textAlign: 'center', margin: '28px 0' }}>
        <a href={opts.url} style={{ background: brand, color: '#fff', padding: '12px 22px', borderRadius: 6, textDecoration: 'none', fontWeight: 'bold' }}>
          {t.button}
        </a>
      </p>
      <p style={muted}>
        {t.fallback}
        <br />
        <a href={opts.url} style={{ color: '#b3261e', wordBreak: 'break-all' }}>
          {opts.url}
        </a>
      </p>
      {t.ignore ? <p style={muted}>{t.ignore}</p> : null}
    </td>
  )
}

/** A picture and a name linking to each profile, with its detail line. */
function profileTable(profiles: EmailProfile[]) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {profiles.map((p) => (
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
  )
}

/** The site and company, and for notifications the unsubscribe and settings links. */
function footerCell(opts: EmailOptions, t: EmailTexts) {
  return (
    <td style={{ padding: '0 28px 24px', fontSize: 12, color: '#777' }}>
      {t.footer}
      {opts.unsubscribe ? (
        <>
          <br />
          <a href={opts.unsubscribe.url} style={{ color: '#777' }}>
            {t.unsubscribeText}
          </a>
          {' · '}
          <a href={opts.unsubscribe.settingsUrl} style={{ color: '#777' }}>
            {t.settingsText}
          </a>
        </>
      ) : null}
    </td>
  )
}

/** The plain-text part: the same words, the links spelled out. */
function emailText(opts: EmailOptions, t: EmailTexts): string {
  return [
    t.greeting,
    '',
    t.body,
    ...(opts.details ?? []).flatMap((d) => ['', `${d.label}:`, d.text]),
    ...(opts.profiles ?? []).map((p) => `- ${p.name}, ${p.detail}: ${p.url}`),
    '',
    `${t.button}: ${opts.url}`,
    ...(t.ignore ? ['', t.ignore] : []),
    '',
    '--',
    t.footer,
    ...(opts.unsubscribe ? [`${t.unsubscribeText}: ${opts.unsubscribe.url}`, `${t.settingsText}: ${opts.unsubscribe.settingsUrl}`] : []),
  ].join('\n')
}

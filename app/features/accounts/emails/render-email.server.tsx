import { renderToStaticMarkup } from 'react-dom/server'
import type { Locale } from '#app/i18n/locales'
import { serverIntl } from '#app/i18n/translate.server'

export interface EmailContent {
  subject: string
  html: string
  text: string
}

/**
 * One e-mail layout for every account e-mail: greeting, text, one button, the link spelled out, and a footer.
 * HTML and plain text come from the same catalog messages, in the member's language.
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
}): EmailContent {
  const t = serverIntl(opts.locale)
  const values = { site: opts.siteName, name: opts.name, ...opts.values }
  const subject = t.formatMessage({ id: opts.subjectId }, values)
  const greeting = t.formatMessage({ id: 'email.greeting' }, values)
  const body = t.formatMessage({ id: opts.bodyId }, values)
  const button = t.formatMessage({ id: opts.buttonId }, values)
  const fallback = t.formatMessage({ id: 'email.linkFallback' })
  const ignore = t.formatMessage({ id: 'email.ignore' })
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
                        <td style={{ padding: '24px 28px 0', fontSize: 22, fontWeight: 'bold', color: '#cf3f37' }}>{opts.siteName}</td>
                      </tr>
                      <tr>
                        <td style={{ padding: '16px 28px', fontSize: 16, lineHeight: 1.5 }}>
                          <p>{greeting}</p>
                          <p>{body}</p>
                          <p style={{ textAlign: 'center', margin: '28px 0' }}>
                            <a href={opts.url} style={{ background: '#cf3f37', color: '#fff', padding: '12px 22px', borderRadius: 6, textDecoration: 'none', fontWeight: 'bold' }}>
                              {button}
                            </a>
                          </p>
                          <p style={{ fontSize: 13, color: '#555' }}>
                            {fallback}
                            <br />
                            <a href={opts.url} style={{ color: '#b3261e', wordBreak: 'break-all' }}>
                              {opts.url}
                            </a>
                          </p>
                          <p style={{ fontSize: 13, color: '#555' }}>{ignore}</p>
                        </td>
                      </tr>
                      <tr>
                        <td style={{ padding: '0 28px 24px', fontSize: 12, color: '#777' }}>{footer}</td>
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
  const text = [greeting, '', body, '', `${button}: ${opts.url}`, '', ignore, '', '--', footer].join('\n')
  return { subject, html, text }
}

import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const marked = new Marked({ gfm: true, breaks: false })

/**
 * Markdown of a content page to safe HTML. Content is written by operators, but is treated as untrusted all the
 * same: raw HTML, scripts, event handlers, styles and links anywhere but our own pages or mail are dropped.
 */
export function renderMarkdown(md: string): string {
  const html = marked.parse(md, { async: false })
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      'blockquote',
      'code',
      'pre',
      'hr',
      'br',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href'] },
    // Relative links to our own pages and mailto: only; anything else loses its href.
    allowedSchemes: ['mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? ''
        const ok = /^mailto:/i.test(href) || (/^\/(?!\/)/.test(href) && !/[\s\\]/.test(href))
        const kept: Record<string, string> = ok ? { href } : {}
        return { tagName, attribs: kept }
      },
    },
  })
}

/** Fills {{name}} placeholders; unknown ones stay visible, so a missing value is noticed rather than hidden. */
export function fillPlaceholders(md: string, values: Record<string, string>): string {
  return md.replace(/\{\{([a-z_]+)\}\}/g, (all, key: string) => (key in values ? values[key] : all))
}

import { IntlMessageFormat } from 'intl-messageformat'

interface RootLike {
  locale?: string
  messages?: Record<string, string>
  site?: { name: string }
}

/** A translated page title for route meta(): the root loader's catalog, formatted, plus the site name. */
export function pageTitle(matches: readonly ({ id: string; data?: unknown } | undefined)[], id: string, values?: Record<string, string | number>): { title: string } {
  const root = matches.find((m) => m?.id === 'root')?.data as RootLike | undefined
  const source = root?.messages?.[id] ?? id
  let text = source
  try {
    text = String(new IntlMessageFormat(source, root?.locale ?? 'en').format(values))
  } catch {
    // Fall back to the raw message rather than fail the page over a title.
  }
  return { title: root?.site?.name ? `${text} | ${root.site.name}` : text }
}

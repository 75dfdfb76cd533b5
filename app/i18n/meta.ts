import type { RootData } from '#app/root'
import { messageText } from './message-store'

// Typed from the root loader, so renaming its fields breaks this at compile time rather than showing message ids.
type RootLike = Partial<Pick<RootData, 'locale' | 'messagesUrl' | 'site'>>

/** A translated page title for route meta(): the root's message bundle, formatted, plus the site name. */
export function pageTitle(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  id: string,
  values?: Record<string, string | number>,
): { title: string } {
  const root = matches.find((m) => m?.id === 'root')?.data as RootLike | undefined
  const text = messageText(root?.locale ?? 'en', root?.messagesUrl, id, values) ?? id
  return { title: root?.site?.name ? `${text} | ${root.site.name}` : text }
}

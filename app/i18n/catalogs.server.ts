import type { Locale } from './locales'
import da from './locales/da.json'
import de from './locales/de.json'
import en from './locales/en.json'
import es from './locales/es.json'
import fi from './locales/fi.json'
import fr from './locales/fr.json'
import it from './locales/it.json'
import nb from './locales/nb.json'
import nl from './locales/nl.json'
import pl from './locales/pl.json'
import sv from './locales/sv.json'

export type Messages = Record<string, string>
export type MessageId = keyof typeof en

// Server-side only: a page's browser gets the part it needs as a message bundle (message-bundles.server.ts).
export const catalogs: Record<Locale, Messages> = { en, nl, de, it, fr, es, pl, da, fi, nb, sv }

import { getSettings } from '#app/features/settings/settings.server'
import { nicheOf, type Niche } from './niche'

/** The site's niche (setting `niche`), with its palette, hero and default looking-for. */
export async function getNiche(): Promise<Niche> {
  return nicheOf((await getSettings()).niche)
}

import { useRouteLoaderData } from 'react-router'

/**
 * The part of the root loader's data the lander components read (app/root.tsx): the site's media prefix and
 * fictional-profile disclosure, and whether this visitor may sign up. Features do not import layouts, hence this
 * narrow view instead of app/layouts/use-root-data.
 */
export interface LanderRootData {
  signup: { open: boolean } | null
  site: {
    name: string
    cdnPrefix: string
    fictionalIcon: string
    fictionalWarning: string | null
    fictionalSingular: string | null
    fictionalPlural: string | null
  }
}

export function useLanderRoot(): LanderRootData {
  const data = useRouteLoaderData('root') as LanderRootData | undefined
  if (!data) throw new Error('root data missing')
  return data
}

import { useRouteLoaderData } from 'react-router'
import type { RootData } from '#app/root'

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root')
  if (!data) throw new Error('root data missing')
  return data
}

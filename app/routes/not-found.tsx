import { data } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { ErrorPage } from '#app/ui/error-page'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <ErrorPage status={404} />
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'error.notFound')]
}

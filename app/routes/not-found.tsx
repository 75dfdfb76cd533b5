import { data } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { ErrorPage } from '#app/ui/error-page'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  // Inside the default layout, whose <main> holds it: a section, not a second main.
  return <ErrorPage status={404} inside />
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'error.notFound')]
}

import { FormattedMessage } from 'react-intl'

/** The generic error page: status and message; a 404 offers the way back home (spec section 8). */
export function ErrorPage({ status, message, inside = false }: { status: number; message?: string; inside?: boolean }) {
  // Inside a layout that has its own <main> (the console), the page is a section of it: one main per page.
  const Root = inside ? 'section' : 'main'
  return (
    <Root className="container py-5 text-center" id={inside ? undefined : 'main'}>
      <p className="display-1 fw-bold text-primary mb-0">{status}</p>
      <h1 className="h3 mb-3">
        {status === 404 ? (
          <FormattedMessage id="error.notFound" />
        ) : status === 403 ? (
          <FormattedMessage id="error.forbidden" />
        ) : (
          <FormattedMessage id="error.generic" />
        )}
      </h1>
      {message && status !== 404 ? <p className="text-body-secondary">{message}</p> : null}
      <a className="btn btn-primary mt-3" href="/">
        <FormattedMessage id="error.home" />
      </a>
    </Root>
  )
}

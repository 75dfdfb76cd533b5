import { FormattedMessage } from 'react-intl'
import { Form, Link } from 'react-router'
import { Icon } from '#app/ui/icon'
import { ACCEPTED_TYPES, photoErrorValues } from '#app/features/photos/photo-rules'

/** The editor's top: the way back to the list, the title (the profile's name, or "create"), the disclosure note, and "saved". */
export function FictionalEditIntro({ name, saved }: { name: string | null; saved: boolean }) {
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/fictional">
          <Icon name="chevron-left" className="me-1" />
          <FormattedMessage id="admin.fictional.title" />
        </Link>
      </p>
      <h1 className="h3">{name !== null ? name : <FormattedMessage id="admin.fictional.create" />}</h1>
      <div className="alert alert-info">
        <Icon name="person-badge" className="me-2" />
        <FormattedMessage id="admin.fictional.disclosureAlwaysOn" />
      </div>
      {saved ? (
        <div className="alert alert-success" role="status">
          <FormattedMessage id="admin.saved" />
        </div>
      ) : null}
    </>
  )
}

/** A fictional profile's status, and the form that turns it on or off (with a reason). */
export function FictionalStatusCard({ status, error }: { status: string; error?: string | null }) {
  return (
    <section className="card mb-3" aria-labelledby="fictional-status-title">
      <div className="card-body">
        <h2 className="h6" id="fictional-status-title">
          <FormattedMessage id="admin.fictional.status" />:{' '}
          <span className={`badge ${status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
            <FormattedMessage id={`admin.fictional.status.${status}`} />
          </span>
        </h2>
        <Form method="post" className="d-flex flex-column gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value={status === 'active' ? 'disabled' : 'active'} />
          <label htmlFor="status-reason" className="form-label mb-0">
            <FormattedMessage id="admin.reason" />
          </label>
          <input id="status-reason" name="reason" className={`form-control${error ? ' is-invalid' : ''}`} required minLength={3} maxLength={500} />
          {error ? (
            <div className="invalid-feedback d-block">
              <FormattedMessage id={error} />
            </div>
          ) : null}
          <button type="submit" className={`btn ${status === 'active' ? 'btn-outline-danger' : 'btn-outline-success'}`}>
            <FormattedMessage id={status === 'active' ? 'admin.fictional.disable' : 'admin.fictional.enable'} />
          </button>
        </Form>
      </div>
    </section>
  )
}

/** A fictional profile's photos and the upload form for another. */
export function FictionalPhotosCard({ photos, error }: { photos: { id: number; thumbUrl: string }[]; error?: string | null }) {
  return (
    <section className="card" aria-labelledby="fictional-photos-title">
      <div className="card-body">
        <h2 className="h6" id="fictional-photos-title">
          <FormattedMessage id="admin.fictional.photos" />
        </h2>
        <div className="d-flex flex-wrap gap-2 mb-3">
          {photos.map((ph) => (
            <img key={ph.id} src={ph.thumbUrl} alt="" width={80} height={80} className="rounded object-fit-cover" />
          ))}
        </div>
        <Form method="post" encType="multipart/form-data" className="d-flex flex-column gap-2">
          <input type="hidden" name="intent" value="photo" />
          <label htmlFor="fictional-photo" className="form-label mb-0">
            <FormattedMessage id="admin.fictional.addPhoto" />
          </label>
          <input id="fictional-photo" name="photo" type="file" accept={ACCEPTED_TYPES} className="form-control" />
          {error ? (
            <div className="invalid-feedback d-block">
              <FormattedMessage id={error} values={{ ...photoErrorValues, limit: 25 }} />
            </div>
          ) : null}
          <button type="submit" className="btn btn-outline-dark">
            <FormattedMessage id="admin.fictional.upload" />
          </button>
        </Form>
      </div>
    </section>
  )
}

import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { photoReasons } from '../rules'

interface Props {
  photo: { id: number; name: string; profileId: number; createdAt: string | Date; others: { id: number; status: string }[] }
  /** This photo's decision is on its way. */
  busy: boolean
  /** The note typed before a refused rejection, kept. */
  note: string
}

/** One pending photo in the queue: the picture, the member's other photos, approve and reject. */
export function PhotoReview({ photo: p, busy, note }: Props) {
  const intl = useIntl()
  return (
    <div className="card-body row g-3">
      <div className="col-md-5">
        <img
          src={`/admin/media/${p.id}/match`}
          alt={intl.formatMessage({ id: 'admin.photo.alt' }, { id: p.id })}
          className="img-fluid rounded border"
          width={400}
          height={400}
        />
      </div>
      <div className="col-md-7">
        <h2 className="h6" id={`photo-${p.id}-title`}>
          <FormattedMessage
            id="admin.photos.uploaded"
            values={{ name: p.name, id: p.profileId, date: intl.formatDate(p.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
          />
        </h2>
        <h3 className="h6 small text-body-secondary mt-3">
          <FormattedMessage id="admin.photos.others" />
        </h3>
        {p.others.length ? (
          <ul className="list-inline">
            {p.others.map((o) => (
              <li key={o.id} className="list-inline-item">
                <img
                  src={`/admin/media/${o.id}/thumb`}
                  width={72}
                  height={72}
                  className="rounded border"
                  alt={intl.formatMessage({ id: 'admin.photo.otherAlt' }, { id: o.id, status: intl.formatMessage({ id: `admin.photoStatus.${o.status}` }) })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="small text-body-secondary">
            <FormattedMessage id="admin.photos.noOthers" />
          </p>
        )}
        <Form method="post" className="d-flex flex-wrap gap-2 align-items-end">
          <input type="hidden" name="imageId" value={p.id} />
          <button type="submit" name="decision" value="approve" className="btn btn-success" disabled={busy} aria-keyshortcuts="A">
            <FormattedMessage id="admin.photos.approve" />
          </button>
        </Form>
        <RejectForm id={p.id} busy={busy} note={note} />
      </div>
    </div>
  )
}

function RejectForm({ id, busy, note }: { id: number; busy: boolean; note: string }) {
  const intl = useIntl()
  return (
    <Form method="post" className="row g-2 mt-2 align-items-end">
      <input type="hidden" name="imageId" value={id} />
      <div className="col-sm-5">
        <label className="form-label small mb-1" htmlFor={`reason-${id}`}>
          <FormattedMessage id="admin.photos.reason" />
        </label>
        <select id={`reason-${id}`} name="reason" className="form-select" required defaultValue="" aria-keyshortcuts="R">
          <option value="" disabled>
            {intl.formatMessage({ id: 'admin.moderation.choose' })}
          </option>
          {photoReasons.map((r) => (
            <option key={r} value={r}>
              {intl.formatMessage({ id: `admin.reasonName.${r}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-5">
        <label className="form-label small mb-1" htmlFor={`note-${id}`}>
          <FormattedMessage id="admin.moderation.note" />
        </label>
        <input id={`note-${id}`} name="note" className="form-control" maxLength={1000} defaultValue={note} />
      </div>
      <div className="col-sm-2">
        <button type="submit" name="decision" value="reject" className="btn btn-outline-danger w-100" disabled={busy}>
          {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
          <FormattedMessage id="admin.photos.reject" />
        </button>
      </div>
    </Form>
  )
}

import { useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form, useRevalidator } from 'react-router'
import { logoutOnAuthRequired } from '#app/lib/api-client'
import type { OwnPhoto } from '../photo-types'
import { ACCEPTED_TYPES } from '../photo-rules'
import { Icon } from '#app/ui/icon'
import { useConfirm, useConfirmedSubmit } from '#app/ui/confirm-dialog'

interface Upload {
  key: string
  file: File
  /** A local preview of the file (an object URL), freed when the row goes. */
  preview: string | null
  progress: number
  error?: string
}

/** Sends one file to /api/photos.php with upload progress (fetch cannot report upload progress). */
function sendPhoto(file: File, onProgress: (p: number) => void): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/photos.php')
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100))
    xhr.onload = () => {
      let body: { message?: string } = {}
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        // not JSON: keep the generic message
      }
      if (logoutOnAuthRequired(xhr.status, body)) return resolve({ ok: false })
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, message: body.message })
    }
    xhr.onerror = () => resolve({ ok: false })
    const data = new FormData()
    data.append('photo', file)
    xhr.send(data)
  })
}

/** The member's photos: upload several at once with progress, choose the main one, delete. */
export function PhotoManager({ photos, limit, notice }: { photos: OwnPhoto[]; limit: number; notice?: string }) {
  const intl = useIntl()
  const revalidator = useRevalidator()
  const [uploads, setUploads] = useState<Upload[]>([])
  const input = useRef<HTMLInputElement>(null)

  const [dragging, setDragging] = useState(false)
  // Until hydration the form is a plain HTML form, and its Upload button sends the chosen files; after it, choosing
  // (or dropping) files uploads them at once.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  async function upload(item: Upload) {
    setUploads((u) => u.map((x) => (x.key === item.key ? { ...x, progress: 0, error: undefined } : x)))
    const r = await sendPhoto(item.file, (progress) => setUploads((u) => u.map((x) => (x.key === item.key ? { ...x, progress } : x))))
    setUploads((u) => {
      if (!r.ok) return u.map((x) => (x.key === item.key ? { ...x, error: r.message ?? intl.formatMessage({ id: 'error.tryLater' }) } : x))
      if (item.preview) URL.revokeObjectURL(item.preview)
      return u.filter((x) => x.key !== item.key)
    })
    void revalidator.revalidate()
  }

  async function onFiles(files: FileList | null) {
    if (!files?.length) return
    const list: Upload[] = [...files].map((file, i) => ({
      key: `${Date.now()}-${i}`,
      file,
      preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      progress: 0,
    }))
    setUploads((u) => [...u, ...list])
    for (const item of list) await upload(item)
    if (input.current) input.current.value = ''
  }

  function dismiss(item: Upload) {
    if (item.preview) URL.revokeObjectURL(item.preview)
    setUploads((u) => u.filter((x) => x.key !== item.key))
  }

  return (
    <section aria-labelledby="photos-title" className="mb-5">
      <h2 id="photos-title" className="h5">
        <FormattedMessage id="photos.title" />{' '}
        <small className="text-body-secondary">
          ({photos.length}/{limit})
        </small>
      </h2>
      {notice ? (
        <div className="alert alert-success py-2" role="status">
          <FormattedMessage id={notice} />
        </div>
      ) : null}
      <ul className="profile-grid list-unstyled mb-3">
        {photos.map((p) => (
          <OwnPhotoCard key={p.id} photo={p} />
        ))}
      </ul>
      {uploads.map((u) => (
        <UploadRow key={u.key} upload={u} onRetry={() => void upload(u)} onDismiss={() => dismiss(u)} />
      ))}
      {photos.length < limit ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="d-flex gap-2 align-items-center"
          onSubmit={(e) => {
            e.preventDefault()
            void onFiles(input.current?.files ?? null)
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          {/* One large tile to tap, or to drop photos on (issue 27), instead of the browser's bare file input. */}
          <label
            className={`photo-drop flex-grow-1${dragging ? ' is-dragging' : ''}`}
            data-testid="photo-drop"
            onDragOver={(e) => {
              e.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault()
              setDragging(false)
              void onFiles(e.dataTransfer.files)
            }}
          >
            <Icon name="camera" className="fs-2" />
            <span className="fw-semibold">
              <FormattedMessage id="photos.choose" />
            </span>
            <span className="small text-body-secondary">
              <FormattedMessage id="photos.dropHint" />
            </span>
            <input
              ref={input}
              id="photo-input"
              type="file"
              name="photo"
              accept={ACCEPTED_TYPES}
              multiple
              className="visually-hidden"
              onChange={(e) => void onFiles(e.target.files)}
            />
          </label>
          {hydrated ? null : (
            <button type="submit" className="btn btn-primary text-nowrap">
              <FormattedMessage id="photos.upload" />
            </button>
          )}
        </Form>
      ) : (
        <p className="text-body-secondary">
          <FormattedMessage id="photos.limitReached" values={{ limit }} />
        </p>
      )}
    </section>
  )
}

/** One of the member's photos, with its badges and the forms to make it the main one or delete it. */
function OwnPhotoCard({ photo }: { photo: OwnPhoto }) {
  const intl = useIntl()
  const { ask, dialog } = useConfirm()
  const confirmedSubmit = useConfirmedSubmit(ask)
  return (
    <li className="card" data-testid="own-photo">
      {dialog}
      <img src={photo.thumbUrl} alt="" className="card-img-top profile-card-img" width={160} height={160} />
      <div className="card-body p-2 d-flex flex-wrap gap-1 align-items-center">
        {photo.isMain ? (
          <span className="badge text-bg-primary">
            <FormattedMessage id="photos.main" />
          </span>
        ) : null}
        {photo.status === 'pending' ? (
          <span className="badge text-bg-secondary">
            <FormattedMessage id="photos.pending" />
          </span>
        ) : null}
        {!photo.isMain && photo.status === 'active' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="main" />
            <input type="hidden" name="imageId" value={photo.id} />
            <button type="submit" className="btn btn-sm btn-outline-primary">
              <FormattedMessage id="photos.makeMain" />
            </button>
          </Form>
        ) : null}
        <Form method="post" onSubmit={confirmedSubmit(intl.formatMessage({ id: 'photos.confirmDelete' }), intl.formatMessage({ id: 'photos.delete' }))}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="imageId" value={photo.id} />
          <button type="submit" className="btn btn-sm btn-outline-danger">
            <Icon name="trash" />
            <span className="visually-hidden">
              <FormattedMessage id="photos.delete" />
            </span>
          </button>
        </Form>
      </div>
    </li>
  )
}

/** A file being uploaded: its preview and progress, or why it was refused with a retry. */
function UploadRow({ upload, onRetry, onDismiss }: { upload: Upload; onRetry(): void; onDismiss(): void }) {
  const intl = useIntl()
  const name = upload.file.name
  return (
    <div className="d-flex align-items-center gap-2 mb-2" data-testid="upload">
      {upload.preview ? <img src={upload.preview} alt="" className="upload-preview rounded" width={48} height={48} /> : null}
      <div className="flex-grow-1 min-w-0">
        <div className="small text-truncate">{name}</div>
        {upload.error ? (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="text-danger small" role="alert">
              {upload.error}
            </span>
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={onRetry}>
              <FormattedMessage id="photos.retry" />
            </button>
            <button type="button" className="btn btn-sm btn-link" onClick={onDismiss} aria-label={intl.formatMessage({ id: 'photos.dismiss' }, { name })}>
              <Icon name="x-lg" />
            </button>
          </div>
        ) : (
          <div className="progress" role="progressbar" aria-label={name} aria-valuenow={upload.progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="progress-bar" style={{ width: `${upload.progress}%` }} />
          </div>
        )}
      </div>
    </div>
  )
}

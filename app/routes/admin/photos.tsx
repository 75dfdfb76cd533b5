import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { data, useNavigation } from 'react-router'
import { PhotoReview } from '#app/features/console/moderation/components/photo-review'
import { photoDecisionSchema } from '#app/features/console/moderation/moderation.schema'
import { decidePhoto, listPendingPhotos } from '#app/features/console/moderation/photo-queue.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/photos'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'photos.moderate')
  return { photos: await listPendingPhotos() }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'photos.moderate')
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: photoDecisionSchema })
  if (submission.status !== 'success') {
    return data(
      { ok: false as const, imageId: Number(form.get('imageId')) || null, error: 'admin.moderation.reasonRequired', note: String(form.get('note') ?? '') },
      { status: 400 },
    )
  }
  const v = submission.value
  const r = await decidePhoto(operator, v.imageId, v.decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: v.reason, note: v.note })
  if (!r.ok) return data({ ok: false as const, imageId: v.imageId, error: 'admin.photos.gone', note: '' }, { status: 409 })
  return { ok: true as const, imageId: v.imageId, notice: v.decision === 'approve' ? 'admin.photos.approved' : 'admin.photos.rejected' }
}

/** The photo queue: one photo at a time in focus, decided by buttons or the keyboard (A, R, J, K). */
export default function AdminPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const photos = loaderData.photos
  const [current, setCurrent] = useState(0)
  const cards = useRef<(HTMLElement | null)[]>([])
  const index = Math.min(current, Math.max(0, photos.length - 1))

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target) || !photos.length) return
      const card = cards.current[index]
      const key = e.key.toLowerCase()
      if (key === 'j' || key === 'k') {
        e.preventDefault()
        const next = key === 'j' ? Math.min(index + 1, photos.length - 1) : Math.max(index - 1, 0)
        setCurrent(next)
        cards.current[next]?.focus()
      } else if (key === 'a') {
        e.preventDefault()
        card?.querySelector<HTMLButtonElement>('button[value="approve"]')?.click()
      } else if (key === 'r') {
        e.preventDefault()
        card?.querySelector<HTMLSelectElement>('select[name="reason"]')?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [index, photos.length])

  const busyId = navigation.state === 'submitting' ? Number(navigation.formData?.get('imageId')) : null
  return (
    <>
      <h1 className="h3">
        <FormattedMessage id="admin.photos.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.photos.help" /> <FormattedMessage id="admin.photos.count" values={{ count: photos.length }} />
      </p>
      <section className="card card-body bg-body-tertiary mb-3 small" aria-labelledby="shortcuts-title">
        <h2 className="h6" id="shortcuts-title">
          <FormattedMessage id="admin.photos.shortcuts" />
        </h2>
        <p className="mb-0" data-testid="shortcuts">
          <kbd>A</kbd> <kbd>R</kbd> <kbd>J</kbd> <kbd>K</kbd> — <FormattedMessage id="admin.photos.shortcutsHelp" />
        </p>
      </section>
      <div aria-live="polite">
        {actionData?.ok ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id={actionData.notice} />
          </div>
        ) : actionData ? (
          <div className="alert alert-danger" role="alert">
            <FormattedMessage id={actionData.error} />
          </div>
        ) : null}
      </div>
      {photos.length === 0 ? (
        <p className="text-body-secondary" data-testid="photos-empty">
          <FormattedMessage id="admin.photos.empty" />
        </p>
      ) : (
        <ol className="list-unstyled d-grid gap-3" data-testid="photo-queue">
          {photos.map((p, i) => (
            <li key={p.id}>
              <article
                ref={(el) => {
                  cards.current[i] = el
                }}
                tabIndex={-1}
                aria-current={i === index ? 'true' : undefined}
                aria-labelledby={`photo-${p.id}-title`}
                className={`card ${i === index ? 'border-dark border-2' : ''}`}
                data-testid="pending-photo"
                onFocus={() => setCurrent(i)}
              >
                <PhotoReview photo={p} busy={busyId === p.id} note={actionData && !actionData.ok && actionData.imageId === p.id ? actionData.note : ''} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName))

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.photos.title')]

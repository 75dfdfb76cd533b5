import { useEffect, useRef, useState } from 'react'
import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useSearchParams } from 'react-router'
import { apiJson } from '#app/lib/api-client'
import { Icon } from '#app/ui/icon'

/** The part of GET /api/auto-like.php (app/routes/api/auto-like.php.ts) the modal shows. */
interface Suggested {
  id: number
  name: string
  age: number
  thumb: string | null
  is_fictional: boolean
  main_image: { match: string } | null
}

/**
 * The like modal by link (spec section 4): `?t=N` shows it after N seconds and removes the parameter; it proposes a
 * compatible profile, and choosing it goes to that member's page.
 */
export function LikeModal({ cdnPrefix }: { cdnPrefix: string }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const [profile, setProfile] = useState<Suggested | null>(null)
  const t = search.get('t')

  // The setter changes with every change of the address; the timer must not start over for that.
  const setSearchLatest = useRef(setSearch)
  setSearchLatest.current = setSearch
  useEffect(() => {
    const seconds = Number(t)
    if (t === null || !Number.isFinite(seconds) || seconds < 0 || seconds > 3600) return
    const timer = setTimeout(async () => {
      setSearchLatest.current((s) => (s.delete('t'), s), { replace: true, preventScrollReset: true })
      const r = await apiJson<{ profile: Suggested | null }>('/api/auto-like.php')
      if (r && r.ok && r.body?.profile) setProfile(r.body.profile)
    }, seconds * 1000)
    return () => clearTimeout(timer)
  }, [t])

  const choose = () => {
    if (!profile) return
    setProfile(null)
    void navigate(`/members/${profile.id}`)
  }
  const image = profile?.main_image?.match ?? profile?.thumb ?? null
  return (
    <Modal show={!!profile} onHide={() => setProfile(null)} centered aria-labelledby="like-modal-title" data-testid="like-modal">
      <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'common.close' })}>
        <Modal.Title id="like-modal-title" as="h2" className="h5">
          <FormattedMessage id="likeModal.title" />
        </Modal.Title>
      </Modal.Header>
      {profile ? (
        <Modal.Body className="text-center">
          <button
            type="button"
            className="btn p-0 border-0"
            onClick={choose}
            aria-label={intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
          >
            {image ? (
              <img src={`${cdnPrefix}/${image}`} alt="" className="rounded img-fluid" width={240} height={240} />
            ) : (
              <Icon name="person" className="display-1 text-secondary" />
            )}
          </button>
          <p className="h5 mt-2">
            {profile.name}, {profile.age}
          </p>
          <button type="button" className="btn btn-primary" onClick={choose} data-testid="like-modal-choose">
            <Icon name="heart" className="me-1" />
            <FormattedMessage id="likeModal.view" values={{ name: profile.name }} />
          </button>
        </Modal.Body>
      ) : null}
    </Modal>
  )
}

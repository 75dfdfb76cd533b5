import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { apiJson } from '#app/lib/api-client'
import { Icon } from '#app/ui/icon'

type Permission = 'unsupported' | 'unknown' | PermissionState
export interface Place {
  country: string
  region: string | null
  city: string
}

const CACHE_KEY = 'geocode'
// Spec section 9: a geolocation result is reused for at most one hour.
const CACHE_MS = 3_600_000

function cached(): { at: number; result: Place | false } | null {
  try {
    const v = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as { at: number; result: Place | false } | null
    return v && Date.now() - v.at < CACHE_MS ? v : null
  } catch {
    return null
  }
}

/**
 * "Use my location": the browser's position, turned into a place by POST /api/geocode.php, which stores the place
 * (the centre of the town's grid cell, never the position).
 * The permission state is followed as the browser reports it (spec section 4).
 */
export function LocationButton({ onPlace }: { onPlace: (p: Place) => void }) {
  const [permission, setPermission] = useState<Permission>('unknown')
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')

  useEffect(() => {
    if (!('geolocation' in navigator)) return setPermission('unsupported')
    let status: PermissionStatus | undefined
    const sync = () => status && setPermission(status.state)
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        status = s
        sync()
        s.addEventListener('change', sync)
      })
      .catch(() => {})
    return () => status?.removeEventListener('change', sync)
  }, [])

  if (permission === 'unsupported') return null

  function locate() {
    const hit = cached()
    if (hit) {
      if (hit.result) onPlace(hit.result)
      else setState('failed')
      return
    }
    setState('busy')
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        try {
          // POST: the place becomes the member's (a GET only looks it up and stores nothing).
          const res = await apiJson<{ result: Place | false }>('/api/geocode.php', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ lat: pos.coords.latitude, lon: pos.coords.longitude }),
          })
          if (res === false) return
          // A refusal (too often, a bad position) is not an answer about the place: nothing is cached.
          if (!res.ok) return setState('failed')
          const body = res.body ?? { result: false as const }
          localStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), result: body.result }))
          if (body.result) {
            onPlace(body.result)
            setState('idle')
          } else setState('failed')
        } catch {
          localStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), result: false }))
          setState('failed')
        }
      },
      () => setState('failed'),
      { maximumAge: CACHE_MS, timeout: 15_000 },
    )
  }

  return (
    <div className="mb-3">
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={locate} disabled={state === 'busy' || permission === 'denied'}>
        {state === 'busy' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : <Icon name="geo-alt" className="me-1" />}
        <FormattedMessage id="profile.useLocation" />
      </button>
      {permission === 'denied' ? (
        <div className="form-text">
          <FormattedMessage id="profile.locationDenied" />
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="form-text text-danger" role="alert">
          <FormattedMessage id="profile.locationFailed" />
        </div>
      ) : null}
    </div>
  )
}

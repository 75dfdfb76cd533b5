import { useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import type { Proposal } from '../proposals.server'
import { MatchReasons } from './match-reasons'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

interface Site {
  cdnPrefix: string
  fictionalIcon: string
  fictionalWarning: string | null
  fictionalSingular: string | null
}

// A drag further than this (px) on a touch screen is a like (right) or a skip (left).
const SWIPE_PX = 80

/** One proposal as the swipe game shows it: photo, name, age, place, a few interests; dragged left or right on touch. */
export function SwipeCard({ proposal, site, onSwipe }: { proposal: Proposal; site: Site; onSwipe(dir: 'like' | 'skip'): void }) {
  const intl = useIntl()
  const [dx, setDx] = useState(0)
  const start = useRef<number | null>(null)
  const p = proposal.profile
  const regionNames = regionNamesFor(intl.locale)
  const image = proposal.matchImage ?? p.thumb
  return (
    <article
      className="card shadow swipe-card mx-auto"
      data-testid="swipe-card"
      data-profile={p.id}
      data-fictional={p.isFictional}
      style={{ transform: dx ? `translateX(${dx}px) rotate(${dx / 20}deg)` : undefined }}
      onPointerDown={(e) => {
        if (e.pointerType === 'touch') start.current = e.clientX
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setDx(e.clientX - start.current)
      }}
      onPointerUp={() => {
        if (start.current === null) return
        start.current = null
        if (Math.abs(dx) > SWIPE_PX) onSwipe(dx > 0 ? 'like' : 'skip')
        setDx(0)
      }}
      onPointerCancel={() => {
        start.current = null
        setDx(0)
      }}
    >
      {image ? (
        <img
          src={`${site.cdnPrefix}/${image}`}
          alt={intl.formatMessage({ id: 'profile.photoOf' }, { name: p.name })}
          className="card-img-top swipe-card-img"
          width={400}
          height={400}
          draggable={false}
        />
      ) : (
        <div className="card-img-top swipe-card-img d-flex align-items-center justify-content-center bg-body-secondary">
          <Icon name="person" className="fs-1 text-secondary" />
        </div>
      )}
      <div className="card-body">
        <h2 className="h4 mb-1">
          <Link to={`/members/${p.id}`} className="text-body">
            {p.name}, {p.age}
          </Link>
        </h2>
        <p className="text-body-secondary mb-2">
          <Icon name="geo-alt" className="me-1" />
          {[p.city, regionNames.of(p.country)].filter(Boolean).join(', ')}
        </p>
        {p.isFictional ? <FictionalWarning site={site} /> : null}
        <MatchReasons proposal={proposal} />
        {proposal.interests.length ? (
          <ul className="list-inline mb-0 mt-2" aria-label={intl.formatMessage({ id: 'profile.interests' })}>
            {proposal.interests.map((slug) => (
              <li key={slug} className="list-inline-item badge text-bg-light border">
                <FormattedMessage id={`interest.${slug}`} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  )
}

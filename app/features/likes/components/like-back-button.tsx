import { FormattedMessage, useIntl } from 'react-intl'
import { useFetcher } from 'react-router'
import { Icon } from '#app/ui/icon'

/**
 * "Like back" under a received like (issue 28): the profile page's like (POST /members/{id}, intent like), sent from
 * the likes page; the page reloads and the card says the two like each other (the match itself arrives live too).
 */
export function LikeBackButton({ profileId, name, likedBack }: { profileId: number; name: string; likedBack: boolean }) {
  const intl = useIntl()
  const fetcher = useFetcher<{ match?: boolean; error?: string }>()
  if (likedBack)
    return (
      <span className="small text-success fw-semibold" data-testid="liked-back">
        <Icon name="heart-fill" className="me-1" />
        <FormattedMessage id="likes.likedBack" />
      </span>
    )
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={`/members/${profileId}`}>
      <input type="hidden" name="intent" value="like" />
      <button
        type="submit"
        className="btn btn-sm btn-outline-primary w-100 text-nowrap"
        disabled={busy}
        aria-label={intl.formatMessage({ id: 'likes.likeBackLabel' }, { name })}
        data-testid="like-back"
      >
        <Icon name="heart" className="me-1" />
        <FormattedMessage id="likes.likeBack" />
      </button>
    </fetcher.Form>
  )
}

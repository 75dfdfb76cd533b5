import { Icon } from './icon'

/** A profile thumbnail, or a person icon when there is none. */
export function Avatar({ src, alt, size = 'sm' }: { src: string | null; alt: string; size?: 'sm' | 'md' }) {
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        className={size === 'sm' ? 'avatar-sm' : 'avatar-md'}
        width={size === 'sm' ? 32 : 48}
        height={size === 'sm' ? 32 : 48}
        loading="lazy"
      />
    )
  // Decorative where the name stands next to it (alt=""), otherwise an image with a name.
  return <Icon name="person-circle" className={`${size === 'sm' ? 'fs-4' : 'fs-1'} text-secondary`} label={alt || undefined} />
}

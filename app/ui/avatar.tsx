/** A profile thumbnail, or a person icon when there is none. */
export function Avatar({ src, alt, size = 'sm' }: { src: string | null; alt: string; size?: 'sm' | 'md' }) {
  if (src) return <img src={src} alt={alt} className={`avatar-${size}`} width={size === 'sm' ? 32 : 48} height={size === 'sm' ? 32 : 48} loading="lazy" />
  return <i className={`bi bi-person-circle ${size === 'sm' ? 'fs-4' : 'fs-1'} text-secondary`} role="img" aria-label={alt} />
}

import { useEffect, useState } from 'react'

function format(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

/** Time left until an instant as hh:mm:ss, ticking each second once hydrated. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  // The server rendered a moment earlier: the first client render may differ by a second.
  return (
    <strong className="font-monospace" suppressHydrationWarning data-testid="countdown">
      {format(new Date(until).getTime() - now)}
    </strong>
  )
}

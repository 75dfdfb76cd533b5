// A fixed sky (no randomness at render: the server and the browser draw the same stars).
const STARS = Array.from({ length: 46 }, (_, i) => ({
  x: (i * 37.3 + (i % 4) * 11) % 100,
  y: ((i * 23.7) % 56) + 2,
  r: i % 5 === 0 ? 1.6 : i % 3 === 0 ? 1.1 : 0.7,
  d: (i % 7) * 0.6,
}))

/** The night lander's backdrop: twinkling stars, a crescent moon, and a skyline with lit windows (decoration only). */
export function NightScenery() {
  return (
    <>
      <svg className="night-sky" viewBox="0 0 100 60" preserveAspectRatio="xMaxYMin slice" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="night-moon-glow">
            <stop offset="0" stopColor="#fff6d6" stopOpacity=".5" />
            <stop offset="1" stopColor="#fff6d6" stopOpacity="0" />
          </radialGradient>
          <mask id="night-crescent">
            <rect width="100" height="60" fill="#fff" />
            <circle cx="85.5" cy="12" r="6" fill="#000" />
          </mask>
        </defs>
        {STARS.map((s, i) => (
          <circle key={i} className="night-star" cx={s.x} cy={s.y} r={s.r / 6} style={{ animationDelay: `${s.d}s` }} />
        ))}
        <circle cx="82" cy="14" r="14" fill="url(#night-moon-glow)" />
        <circle cx="82" cy="14" r="6.5" fill="#ffe7a3" mask="url(#night-crescent)" />
      </svg>
      <svg className="night-city" viewBox="0 0 100 20" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path
          d="M0 20 L0 10 L6 10 L6 4 L12 4 L12 12 L18 12 L18 2 L23 2 L23 0 L28 0 L28 8 L35 8 L35 3 L42 3 L42 14 L50 14 L50 6 L56 6 L56 1 L61 1 L61 10 L68 10 L68 4 L75 4 L75 12 L82 12 L82 3 L88 3 L88 9 L94 9 L94 5 L100 5 L100 20 Z"
          fill="#0a0e24"
        />
        {[
          [8, 7],
          [20, 5],
          [25, 3],
          [37, 6],
          [52, 9],
          [58, 4],
          [71, 7],
          [84, 6],
          [90, 11],
        ].map(([x, y], i) => (
          <rect key={i} className="night-window" x={x} y={y} width=".9" height="1.6" style={{ animationDelay: `${i * 1.3}s` }} />
        ))}
      </svg>
    </>
  )
}

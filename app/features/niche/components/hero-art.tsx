import type { ReactNode } from 'react'
import type { HeroArt as Art, NichePalette } from '../niche'

// The landing heroes' art: inline SVG drawn here, nothing fetched. Decorative (the copy beside it says it all),
// so it is hidden from assistive technology.

const heart = 'M0-20C-10-45-50-40-50-10C-50 20-15 35 0 55C15 35 50 20 50-10C50-40 10-45 0-20Z'
const sparkle = 'M0-10L2.6-2.6L10 0L2.6 2.6L0 10L-2.6 2.6L-10 0L-2.6-2.6Z'

function Sparkle({ x, y, s = 1, fill = '#fff', opacity = 0.9 }: { x: number; y: number; s?: number; fill?: string; opacity?: number }) {
  return <path d={sparkle} transform={`translate(${x} ${y}) scale(${s})`} fill={fill} opacity={opacity} />
}

function Heart({
  x,
  y,
  s = 1,
  fill,
  stroke,
  strokeWidth,
  opacity,
  rotate = 0,
}: {
  x: number
  y: number
  s?: number
  fill?: string
  stroke?: string
  strokeWidth?: number
  opacity?: number
  rotate?: number
}) {
  return (
    <path
      d={heart}
      transform={`translate(${x} ${y}) rotate(${rotate}) scale(${s})`}
      fill={fill ?? 'none'}
      stroke={stroke}
      strokeWidth={strokeWidth}
      opacity={opacity}
    />
  )
}

/** Soft circles every piece stands on. */
function Backdrop() {
  return (
    <g fill="#fff">
      <circle cx="200" cy="170" r="150" opacity="0.07" />
      <circle cx="200" cy="170" r="110" opacity="0.07" />
    </g>
  )
}

function Bubble({ x, y, w, h, fill, dot, flip = false }: { x: number; y: number; w: number; h: number; fill: string; dot: string; flip?: boolean }) {
  const tail = flip ? `M${x + w - 28} ${y + h - 2}l14 20l-2-20z` : `M${x + 22} ${y + h - 2}l-10 20l22-20z`
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} />
      <path d={tail} fill={fill} />
      {[0.32, 0.5, 0.68].map((f) => (
        <circle key={f} cx={x + w * f} cy={y + h / 2} r={h / 9} fill={dot} />
      ))}
    </g>
  )
}

function Hearts({ p }: { p: NichePalette }) {
  return (
    <>
      <Backdrop />
      <Heart x={205} y={165} s={2.3} fill={p.accent} />
      <Heart x={205} y={165} s={2.3} stroke="#fff" strokeWidth={2} opacity={0.5} />
      <Heart x={310} y={95} s={0.7} fill={p.accentSoft} rotate={14} />
      <Heart x={95} y={255} s={0.55} stroke="#fff" strokeWidth={5} rotate={-12} />
      <Bubble x={40} y={60} w={120} h={48} fill="#fff" dot={p.primary} />
      <Bubble x={250} y={238} w={110} h={44} fill={p.accentSoft} dot={p.heroTo} flip />
      <Sparkle x={340} y={170} s={1.4} />
      <Sparkle x={70} y={160} s={0.9} fill={p.accentSoft} />
      <Sparkle x={180} y={40} s={0.8} />
    </>
  )
}

/** Two interlinked symbols: the female (cross below) or the male (arrow up and right) sign. */
function Sign({ cx, cy, r, color, kind }: { cx: number; cy: number; r: number; color: string; kind: 'venus' | 'mars' }) {
  const w = r * 0.26
  if (kind === 'venus') {
    return (
      <g stroke={color} strokeWidth={w} strokeLinecap="round" fill="none">
        <circle cx={cx} cy={cy} r={r} />
        <path d={`M${cx} ${cy + r}v${r * 1.05}M${cx - r * 0.5} ${cy + r * 1.55}h${r}`} />
      </g>
    )
  }
  const d = r * Math.SQRT1_2
  const tip = { x: cx + d + r * 0.95, y: cy - d - r * 0.95 }
  return (
    <g stroke={color} strokeWidth={w} strokeLinecap="round" strokeLinejoin="round" fill="none">
      <circle cx={cx} cy={cy} r={r} />
      <path d={`M${cx + d} ${cy - d}L${tip.x} ${tip.y}M${tip.x - r * 0.62} ${tip.y}H${tip.x}V${tip.y + r * 0.62}`} />
    </g>
  )
}

function Venus({ p }: { p: NichePalette }) {
  return (
    <>
      <Backdrop />
      <Sign cx={160} cy={135} r={58} color={p.accent} kind="venus" />
      <Sign cx={240} cy={135} r={58} color={p.accentSoft} kind="venus" />
      {/* The first ring passes over the second on the right crossing, so the two read as linked. */}
      <path d="M197 92A58 58 0 0 1 218 135" stroke={p.accent} strokeWidth={15} fill="none" strokeLinecap="round" />
      <Heart x={200} y={40} s={0.42} fill="#fff" />
      <Heart x={330} y={250} s={0.5} fill={p.accent} opacity={0.85} rotate={12} />
      <Heart x={70} y={260} s={0.38} stroke="#fff" strokeWidth={6} rotate={-14} />
      <Sparkle x={330} y={70} s={1.3} />
      <Sparkle x={60} y={80} s={0.9} fill={p.accentSoft} />
      <Sparkle x={300} y={170} s={0.7} />
    </>
  )
}

function Mask({ p }: { p: NichePalette }) {
  const shape =
    'M70 140C90 95 160 92 200 124C240 92 310 95 330 140C336 186 300 214 256 206C230 201 216 182 200 182C184 182 170 201 144 206C100 214 64 186 70 140Z'
  return (
    <>
      <defs>
        <linearGradient id="hero-mask" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={p.accent} />
          <stop offset="1" stopColor="#7a0f26" />
        </linearGradient>
      </defs>
      <Backdrop />
      {/* Silk ribbons from the mask's sides. */}
      <path d="M72 150C40 170 30 215 58 240S90 292 60 318" stroke={p.accent} strokeWidth={9} fill="none" strokeLinecap="round" opacity={0.85} />
      <path d="M328 150C360 170 372 210 346 236S312 286 344 314" stroke={p.accent} strokeWidth={9} fill="none" strokeLinecap="round" opacity={0.85} />
      <path d={shape} fill="url(#hero-mask)" stroke={p.accentSoft} strokeWidth={5} strokeLinejoin="round" />
      <ellipse cx="150" cy="150" rx="33" ry="18" transform="rotate(-8 150 150)" fill="#140f16" stroke={p.accentSoft} strokeWidth={3} />
      <ellipse cx="250" cy="150" rx="33" ry="18" transform="rotate(8 250 150)" fill="#140f16" stroke={p.accentSoft} strokeWidth={3} />
      {/* Gold filigree above the brow. */}
      <g stroke={p.accentSoft} strokeWidth={3} fill="none" strokeLinecap="round">
        <path d="M200 118C192 96 170 90 160 100C152 108 162 120 172 112" />
        <path d="M200 118C208 96 230 90 240 100C248 108 238 120 228 112" />
        <path d="M200 112V78" />
      </g>
      <circle cx="200" cy="72" r="7" fill={p.accentSoft} />
      <Sparkle x={96} y={70} s={1.1} fill={p.accentSoft} />
      <Sparkle x={318} y={64} s={1.4} fill={p.accentSoft} />
      <Sparkle x={200} y={262} s={0.9} fill="#fff" opacity={0.7} />
    </>
  )
}

function Flower({ x, y, r, petal, centre }: { x: number; y: number; r: number; petal: string; centre: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      {[0, 72, 144, 216, 288].map((a) => (
        <ellipse key={a} cx="0" cy={-r} rx={r * 0.62} ry={r} transform={`rotate(${a})`} fill={petal} />
      ))}
      <circle r={r * 0.55} fill={centre} />
    </g>
  )
}

/** A round-bellied vase with flowers: curves, celebrated. */
function Curves({ p }: { p: NichePalette }) {
  return (
    <>
      <Backdrop />
      <g stroke="#7fb59a" strokeWidth={5} fill="none" strokeLinecap="round">
        <path d="M196 160C190 130 170 105 148 92" />
        <path d="M200 160C200 120 202 90 204 64" />
        <path d="M205 160C214 132 236 110 258 98" />
      </g>
      <path d="M178 124C160 118 150 126 146 136C162 140 172 134 178 124Z" fill="#7fb59a" />
      <path d="M214 128C232 118 244 124 250 134C234 140 222 138 214 128Z" fill="#6aa487" />
      <Flower x={148} y={92} r={17} petal="#fff" centre={p.accent} />
      <Flower x={204} y={60} r={21} petal={p.accentSoft} centre={p.heroFrom} />
      <Flower x={260} y={98} r={16} petal={p.accent} centre="#fff" />
      <path d="M175 152H225C225 176 214 186 230 200C292 224 304 290 252 312H148C96 290 108 224 170 200C186 186 175 176 175 152Z" fill={p.accent} />
      <path d="M130 250C134 226 150 212 172 206" stroke="#fff" strokeWidth={6} strokeLinecap="round" fill="none" opacity={0.5} />
      <path d="M112 262C170 276 230 276 288 262" stroke={p.heroFrom} strokeWidth={10} fill="none" opacity={0.75} />
      <rect x="168" y="146" width="64" height="12" rx="6" fill={p.accentSoft} />
      <Heart x={300} y={190} s={0.42} fill="#fff" rotate={14} />
      <Heart x={92} y={170} s={0.34} stroke="#fff" strokeWidth={6} rotate={-12} />
      <Sparkle x={340} y={270} s={1.1} />
      <Sparkle x={70} y={240} s={0.8} fill={p.accentSoft} />
      <Sparkle x={320} y={60} s={0.9} fill={p.accentSoft} />
    </>
  )
}

function Pearls({ p }: { p: NichePalette }) {
  // A necklace: pearls along a curve, a rose as its pendant.
  const pearls: ReactNode[] = []
  for (let i = 0; i <= 18; i++) {
    const t = i / 18
    const x = 70 + 260 * t
    const y = 70 + 150 * (1 - (2 * t - 1) ** 2)
    pearls.push(<circle key={i} cx={x} cy={y} r={12} fill="url(#hero-pearl)" />)
  }
  return (
    <>
      <defs>
        <radialGradient id="hero-pearl" cx="0.35" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#fff" />
          <stop offset="0.55" stopColor={p.accent} />
          <stop offset="1" stopColor="#b7a9c4" />
        </radialGradient>
      </defs>
      <Backdrop />
      <path d="M70 70Q200 370 330 70" stroke="#fff" strokeWidth={2} fill="none" opacity={0.4} />
      {pearls}
      {/* The rose. */}
      <g transform="translate(200 262)">
        <path d="M-10 30C-40 40-66 30-74 14C-52 6-28 12-10 30Z" fill="#7fb59a" />
        <path d="M10 30C40 40 66 30 74 14C52 6 28 12 10 30Z" fill="#6aa487" />
        {[0, 72, 144, 216, 288].map((a) => (
          <circle
            key={a}
            cx={Math.cos((a * Math.PI) / 180) * 20}
            cy={Math.sin((a * Math.PI) / 180) * 20}
            r={22}
            fill={p.accentSoft}
            stroke="#b76e86"
            strokeWidth={2}
          />
        ))}
        {[36, 156, 276].map((a) => (
          <circle
            key={a}
            cx={Math.cos((a * Math.PI) / 180) * 9}
            cy={Math.sin((a * Math.PI) / 180) * 9}
            r={15}
            fill="#e8b4c2"
            stroke="#b76e86"
            strokeWidth={2}
          />
        ))}
        <circle r="9" fill="#c9849a" />
        <path d="M-4-2A5 5 0 1 1 3 5" stroke="#9b5470" strokeWidth={2.5} fill="none" strokeLinecap="round" />
      </g>
      <Sparkle x={350} y={150} s={1.2} />
      <Sparkle x={52} y={170} s={0.9} fill={p.accent} />
      <Sparkle x={200} y={52} s={1} fill={p.accentSoft} />
    </>
  )
}

function Glass({ x, rotate, p }: { x: number; rotate: number; p: NichePalette }) {
  // Drawn around the foot's centre (0, 0) and tilted toward the other glass.
  return (
    <g transform={`translate(${x} 290) rotate(${rotate})`}>
      <path d="M-42-230H42C46-176 30-138 0-132C-30-138-46-176-42-230Z" fill="#fff" opacity={0.2} />
      <path d="M-40-196H40C38-160 26-140 0-136C-26-140-38-160-40-196Z" fill={p.accent} />
      <path d="M-42-230H42C46-176 30-138 0-132C-30-138-46-176-42-230Z" fill="none" stroke="#fff" strokeWidth={5} strokeLinejoin="round" />
      <path d="M0-132V-8M-34 0H34" stroke="#fff" strokeWidth={6} strokeLinecap="round" />
      <g fill="#fff" opacity={0.85}>
        <circle cx="-14" cy="-170" r="3.5" />
        <circle cx="10" cy="-182" r="2.5" />
        <circle cx="4" cy="-158" r="3" />
      </g>
    </g>
  )
}

function Glasses({ p }: { p: NichePalette }) {
  return (
    <>
      <Backdrop />
      <Glass x={112} rotate={12} p={p} />
      <Glass x={288} rotate={-12} p={p} />
      <Heart x={200} y={26} s={0.42} fill={p.accent} />
      <Sparkle x={168} y={40} s={1} />
      <Sparkle x={234} y={40} s={1} />
      <Sparkle x={340} y={140} s={0.9} fill={p.accentSoft} />
      <Sparkle x={62} y={150} s={0.8} fill={p.accentSoft} />
    </>
  )
}

const rainbow = ['#e40303', '#ff8c00', '#ffed00', '#008026', '#24a0ff', '#b45cff']

function Mars({ p }: { p: NichePalette }) {
  return (
    <>
      <Backdrop />
      {/* A rainbow arc behind, stripes separated by thin gaps so each reads on the dark ground. */}
      <g fill="none" strokeWidth={10}>
        {rainbow.map((c, i) => (
          <path key={c} d={`M${50 + i * 12} 300A${150 - i * 12} ${150 - i * 12} 0 0 1 ${350 - i * 12} 300`} stroke={c} opacity={0.85} />
        ))}
      </g>
      <Sign cx={168} cy={200} r={52} color="#fff" kind="mars" />
      <Sign cx={236} cy={200} r={52} color={p.accent} kind="mars" />
      <path d="M160 148A52 52 0 0 1 212 164" stroke="#fff" strokeWidth={14} fill="none" strokeLinecap="round" />
      <Sparkle x={60} y={80} s={1.2} />
      <Sparkle x={200} y={44} s={0.9} fill={p.accentSoft} />
      <Heart x={90} y={140} s={0.34} fill={p.accentSoft} rotate={-12} />
    </>
  )
}

const pieces: Record<Art, (props: { p: NichePalette }) => ReactNode> = {
  hearts: Hearts,
  venus: Venus,
  mask: Mask,
  curves: Curves,
  pearls: Pearls,
  glasses: Glasses,
  mars: Mars,
}

/** The hero picture of a niche, drawn in its palette. */
export function HeroArt({ art, palette }: { art: Art; palette: NichePalette }) {
  const Piece = pieces[art]
  return (
    <svg className="hero-art" viewBox="0 0 400 340" aria-hidden="true" focusable="false" data-art={art}>
      <Piece p={palette} />
    </svg>
  )
}

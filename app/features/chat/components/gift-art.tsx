import { useId, type ReactElement } from 'react'
import { type GiftId } from '../gift-catalog'

/**
 * Our own flat illustrations of the chat gifts, drawn inline on a 96 × 96 canvas: no images, no fonts, no external
 * references. Gradient ids are made unique per render, so the same gift may appear many times on one page.
 */

/** Makes the ids of one drawing's gradients unique: `id('a')` names a gradient, `url('a')` paints with it. */
interface Paint {
  id: (name: string) => string
  url: (name: string) => string
}

type Stops = [offset: number, color: string][]

const stops = (list: Stops) => list.map(([offset, color]) => <stop key={offset} offset={offset} stopColor={color} />)

/** A vertical (top to bottom) linear gradient. */
const linear = (p: Paint, name: string, list: Stops) => (
  <linearGradient id={p.id(name)} x1="0" y1="0" x2="0" y2="1">
    {stops(list)}
  </linearGradient>
)

/** A radial gradient lit from the upper left. */
const radial = (p: Paint, name: string, list: Stops) => (
  <radialGradient id={p.id(name)} cx="0.35" cy="0.3" r="0.75">
    {stops(list)}
  </radialGradient>
)

/** A small four-pointed sparkle centred on (x, y). */
const sparkle = (x: number, y: number, r: number, color = '#ffd54a') => (
  <path d={`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`} fill={color} />
)

/** A flower of five round petals around a centre, for the bouquet. */
const blossom = (x: number, y: number, r: number, petal: string, heart: string) => (
  <g>
    {[0, 72, 144, 216, 288].map((a) => (
      <circle key={a} cx={x + r * Math.sin((a * Math.PI) / 180)} cy={y - r * Math.cos((a * Math.PI) / 180)} r={r * 0.78} fill={petal} />
    ))}
    <circle cx={x} cy={y} r={r * 0.55} fill={heart} />
  </g>
)

function rose(p: Paint) {
  return (
    <>
      <defs>
        {radial(p, 'petal', [
          [0, '#ff6b7d'],
          [1, '#c3122f'],
        ])}
        {linear(p, 'leaf', [
          [0, '#5fcf6a'],
          [1, '#2e8b3e'],
        ])}
      </defs>
      <path d="M48 56C46 68 50 78 47 90" stroke="#2e8b3e" strokeWidth="4" strokeLinecap="round" fill="none" />
      <path d="M48 74C38 64 26 66 22 72C30 80 42 80 48 74Z" fill={p.url('leaf')} />
      <path d="M48 68C56 58 68 58 74 62C68 72 56 74 48 68Z" fill={p.url('leaf')} />
      <path d="M27 24C20 36 24 52 36 58C44 62 54 62 62 58C74 52 77 36 69 24C62 28 56 22 48 16C40 22 34 28 27 24Z" fill="#a50e28" />
      <path d="M25 34C24 48 34 60 48 60C62 60 72 48 71 34C64 42 56 44 48 42C40 44 32 42 25 34Z" fill={p.url('petal')} />
      <path d="M34 24C34 36 42 42 48 42C56 42 63 35 62 24C57 30 52 32 48 31C43 30 38 28 34 24Z" fill="#e12a45" />
      <path d="M40 22C42 14 54 14 57 22C54 28 45 29 40 22Z" fill="#8e0a22" />
      <path d="M43 21C45 17 52 17 53 21C50 24 46 24 43 21Z" fill="#ff8a98" />
      <path d="M30 42C32 50 38 55 44 56" stroke="#ffb3bd" strokeWidth="2.5" strokeLinecap="round" fill="none" opacity="0.7" />
    </>
  )
}

function bouquet(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'paper', [
          [0, '#ffd1dc'],
          [1, '#f48fb1'],
        ])}
      </defs>
      <path d="M30 40L46 80M48 36L48 80M66 40L50 80" stroke="#3f9b4a" strokeWidth="3" strokeLinecap="round" />
      <path d="M22 46C16 40 18 32 26 34C30 38 28 44 22 46Z" fill="#4caf50" />
      <path d="M74 46C80 40 78 32 70 34C66 38 68 44 74 46Z" fill="#4caf50" />
      {blossom(30, 30, 9, '#ff5c8a', '#ffd54a')}
      {blossom(66, 30, 9, '#b07cff', '#fff3b0')}
      {blossom(48, 22, 10, '#ffb030', '#d84315')}
      {blossom(40, 42, 7, '#ffffff', '#ffb300')}
      {blossom(58, 42, 7, '#ff8a65', '#fff3b0')}
      <path d="M20 48L76 48L56 90L40 90Z" fill={p.url('paper')} />
      <path d="M20 48L40 90L34 90Z" fill="#ffffff" opacity="0.35" />
      <path d="M48 66L34 58L36 74Z" fill="#e91e63" />
      <path d="M48 66L62 58L60 74Z" fill="#e91e63" />
      <path d="M48 66L42 84M48 66L54 84" stroke="#e91e63" strokeWidth="3" strokeLinecap="round" />
      <circle cx="48" cy="66" r="4" fill="#c2185b" />
    </>
  )
}

function heart(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'body', [
          [0, '#ff7a9a'],
          [1, '#e0144c'],
        ])}
      </defs>
      <path d="M48 84C20 64 8 48 12 32C16 16 38 12 48 28C58 12 80 16 84 32C88 48 76 64 48 84Z" fill={p.url('body')} />
      <path d="M48 84C66 71 80 58 83 44C76 58 64 68 48 76Z" fill="#b80d3c" opacity="0.5" />
      <ellipse cx="28" cy="32" rx="7" ry="11" transform="rotate(35 28 32)" fill="#ffffff" opacity="0.55" />
      <circle cx="36" cy="22" r="2.5" fill="#ffffff" opacity="0.55" />
      {sparkle(80, 14, 7)}
      {sparkle(14, 70, 5, '#ff9ebc')}
    </>
  )
}

function chocolates(p: Paint) {
  const bonbon = (x: number, y: number, top: ReactElement) => (
    <g>
      <path d={`M${x - 13} ${y - 2}L${x - 10} ${y + 12}L${x + 10} ${y + 12}L${x + 13} ${y - 2}Z`} fill="#d4a017" />
      <path d={`M${x - 7} ${y - 1}L${x - 6} ${y + 12}M${x} ${y}L${x} ${y + 12}M${x + 7} ${y - 1}L${x + 6} ${y + 12}`} stroke="#a87a0c" strokeWidth="1.2" />
      <circle cx={x} cy={y - 1} r="11" fill={p.url('choc')} />
      {top}
    </g>
  )
  return (
    <>
      <defs>
        {radial(p, 'choc', [
          [0, '#8d5a3b'],
          [1, '#3e2015'],
        ])}
        {linear(p, 'box', [
          [0, '#ff5a6e'],
          [1, '#c2185b'],
        ])}
      </defs>
      <rect x="10" y="14" width="76" height="74" rx="10" fill={p.url('box')} />
      <rect x="16" y="20" width="64" height="62" rx="6" fill="#5d1a2e" />
      {bonbon(33, 36, <path d="M25 32Q29 28 33 32T41 32" stroke="#f5e6d3" strokeWidth="2" fill="none" strokeLinecap="round" />)}
      {bonbon(63, 36, <path d="M63 39C58 35 58 30 61 30C62 30 63 31 63 32C63 31 64 30 65 30C68 30 68 35 63 39Z" fill="#ff6b8b" />)}
      {bonbon(33, 64, <circle cx="33" cy="62" r="4" fill="#fff8e7" />)}
      {bonbon(63, 64, <path d="M57 60L69 60M57 64L69 64" stroke="#e8b86a" strokeWidth="2" strokeLinecap="round" />)}
      <path d="M48 14L48 88" stroke="#ffd54a" strokeWidth="3" opacity="0.9" />
      <path d="M48 14L36 4L34 14ZM48 14L60 4L62 14Z" fill="#ffd54a" />
      <circle cx="48" cy="14" r="3.5" fill="#f9a825" />
    </>
  )
}

function champagne(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'glass', [
          [0, '#fff6c8'],
          [1, '#f4c542'],
        ])}
        <linearGradient id={p.id('bottle')} x1="0" y1="0" x2="1" y2="0">
          {stops([
            [0, '#2e7d4f'],
            [0.45, '#4caf75'],
            [1, '#1b5e36'],
          ])}
        </linearGradient>
      </defs>
      <path d="M30 10L40 10L40 26C40 30 50 34 50 44L50 86C50 89 48 90 46 90L24 90C22 90 20 89 20 86L20 44C20 34 30 30 30 26Z" fill={p.url('bottle')} />
      <path d="M29 6L41 6L41 24L29 24Z" fill="#f4c542" />
      <path d="M29 20L41 20L41 24L29 24Z" fill="#c99a1a" />
      <rect x="20" y="54" width="30" height="20" fill="#fff3d6" />
      <path d="M28 64L42 64" stroke="#c99a1a" strokeWidth="2" strokeLinecap="round" />
      <circle cx="35" cy="59" r="2.5" fill="#e0144c" />
      <path d="M25 42L25 50" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" opacity="0.45" />
      <path d="M58 30L82 30L79 56C78 62 74 64 70 64C66 64 62 62 61 56Z" fill="#ffffff" opacity="0.5" stroke="#cfd8dc" strokeWidth="1.5" />
      <path d="M59.5 38L80.5 38L79 56C78 62 74 64 70 64C66 64 62 62 61 56Z" fill={p.url('glass')} />
      <path d="M70 64L70 84M60 88Q70 82 80 88Z" stroke="#cfd8dc" strokeWidth="3" strokeLinecap="round" fill="#cfd8dc" />
      <circle cx="66" cy="50" r="1.6" fill="#ffffff" />
      <circle cx="73" cy="45" r="1.3" fill="#ffffff" />
      <circle cx="70" cy="56" r="1.4" fill="#ffffff" />
      <circle cx="76" cy="22" r="2" fill="#f4c542" />
      <circle cx="66" cy="18" r="1.5" fill="#f4c542" />
      {sparkle(84, 12, 6)}
    </>
  )
}

function cocktail(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'drink', [
          [0, '#ff8ab3'],
          [1, '#e0407a'],
        ])}
      </defs>
      <path d="M60 8L50 40" stroke="#4fc3f7" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M14 26L82 26L48 60Z" fill="#e1f5fe" opacity="0.6" />
      <path d="M20 32L76 32L48 60Z" fill={p.url('drink')} />
      <path d="M14 26L82 26" stroke="#b3e5fc" strokeWidth="3" strokeLinecap="round" />
      <path d="M48 60L48 84" stroke="#b3e5fc" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="48" cy="86" rx="16" ry="4" fill="#b3e5fc" />
      <path d="M26 36L36 46" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" opacity="0.6" />
      <circle cx="20" cy="24" r="11" fill="#8bc34a" />
      <circle cx="20" cy="24" r="8.5" fill="#dcedc8" />
      <path d="M20 16L20 32M12 24L28 24M14.5 18.5L25.5 29.5M25.5 18.5L14.5 29.5" stroke="#8bc34a" strokeWidth="1.2" />
      <path d="M72 26C72 18 76 12 82 10" stroke="#4e7d2c" strokeWidth="2" strokeLinecap="round" fill="none" />
      <circle cx="72" cy="28" r="6" fill="#d50032" />
      <circle cx="70" cy="26" r="1.8" fill="#ffffff" opacity="0.7" />
    </>
  )
}

function teddy(p: Paint) {
  return (
    <>
      <defs>
        {radial(p, 'fur', [
          [0, '#d19a66'],
          [1, '#9c6434'],
        ])}
      </defs>
      <ellipse cx="48" cy="70" rx="22" ry="20" fill={p.url('fur')} />
      <ellipse cx="48" cy="72" rx="13" ry="12" fill="#f1d2a8" />
      <ellipse cx="26" cy="64" rx="7" ry="11" transform="rotate(30 26 64)" fill="#9c6434" />
      <ellipse cx="70" cy="64" rx="7" ry="11" transform="rotate(-30 70 64)" fill="#9c6434" />
      <circle cx="32" cy="86" r="8" fill="#9c6434" />
      <circle cx="64" cy="86" r="8" fill="#9c6434" />
      <circle cx="32" cy="87" r="4.5" fill="#f1d2a8" />
      <circle cx="64" cy="87" r="4.5" fill="#f1d2a8" />
      <circle cx="28" cy="16" r="9" fill="#9c6434" />
      <circle cx="68" cy="16" r="9" fill="#9c6434" />
      <circle cx="28" cy="16" r="4.5" fill="#f1d2a8" />
      <circle cx="68" cy="16" r="4.5" fill="#f1d2a8" />
      <circle cx="48" cy="32" r="22" fill={p.url('fur')} />
      <ellipse cx="48" cy="40" rx="10" ry="8" fill="#f1d2a8" />
      <ellipse cx="48" cy="36" rx="4" ry="3" fill="#3e2418" />
      <path d="M48 39L48 43M44 44Q48 47 52 44" stroke="#3e2418" strokeWidth="1.8" strokeLinecap="round" fill="none" />
      <circle cx="39" cy="28" r="3" fill="#3e2418" />
      <circle cx="57" cy="28" r="3" fill="#3e2418" />
      <circle cx="40" cy="27" r="1" fill="#ffffff" />
      <circle cx="58" cy="27" r="1" fill="#ffffff" />
      <circle cx="33" cy="38" r="3.5" fill="#ff8a80" opacity="0.55" />
      <circle cx="63" cy="38" r="3.5" fill="#ff8a80" opacity="0.55" />
      <path d="M48 56L38 50L38 62ZM48 56L58 50L58 62Z" fill="#e0144c" />
      <circle cx="48" cy="56" r="3.5" fill="#b80d3c" />
      <path d="M48 80C42 76 41 71 44 70C46 69 47.5 70.5 48 72C48.5 70.5 50 69 52 70C55 71 54 76 48 80Z" fill="#ff6b8b" />
    </>
  )
}

function ring(p: Paint) {
  return (
    <>
      <defs>
        <linearGradient id={p.id('gold')} x1="0" y1="0" x2="1" y2="1">
          {stops([
            [0, '#fff1a8'],
            [0.5, '#f4c542'],
            [1, '#b8860b'],
          ])}
        </linearGradient>
        {linear(p, 'gem', [
          [0, '#e3f8ff'],
          [1, '#7fd3f7'],
        ])}
      </defs>
      <ellipse cx="48" cy="62" rx="26" ry="24" fill="none" stroke={p.url('gold')} strokeWidth="8" />
      <ellipse
        cx="48"
        cy="62"
        rx="26"
        ry="24"
        fill="none"
        stroke="#fff8d6"
        strokeWidth="1.5"
        strokeDasharray="14 150"
        strokeDashoffset="-90"
        strokeLinecap="round"
      />
      <path d="M38 38L42 46L54 46L58 38Z" fill={p.url('gold')} />
      <path d="M32 24L40 14L56 14L64 24L48 44Z" fill={p.url('gem')} />
      <path d="M32 24L64 24M40 14L44 24L48 44L52 24L56 14M44 24L48 14L52 24" stroke="#4fb3e0" strokeWidth="1.2" strokeLinejoin="round" fill="none" />
      <path d="M40 14L44 24L32 24Z" fill="#ffffff" opacity="0.6" />
      {sparkle(72, 14, 7, '#ffffff')}
      {sparkle(72, 14, 4, '#7fd3f7')}
      {sparkle(22, 36, 5)}
    </>
  )
}

function star(p: Paint) {
  const points = 'M48 14L57.4 39.1L84.1 40.3L63.2 56.9L70.3 82.7L48 68L25.7 82.7L32.8 56.9L11.9 40.3L38.6 39.1Z'
  return (
    <>
      <defs>
        {radial(p, 'star', [
          [0, '#fff3a0'],
          [0.6, '#ffd23f'],
          [1, '#f5a300'],
        ])}
      </defs>
      <path d={points} fill={p.url('star')} stroke="#f5a300" strokeWidth="5" strokeLinejoin="round" />
      <path d="M48 14L48 52L84.1 40.3M48 52L70.3 82.7M48 52L25.7 82.7M48 52L11.9 40.3" stroke="#f5b400" strokeWidth="1.2" opacity="0.5" fill="none" />
      <path d="M42 30L38 40" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" opacity="0.7" />
      <circle cx="41" cy="50" r="2.5" fill="#5d3a00" />
      <circle cx="55" cy="50" r="2.5" fill="#5d3a00" />
      <path d="M44 57Q48 61 52 57" stroke="#5d3a00" strokeWidth="2" strokeLinecap="round" fill="none" />
      <circle cx="36" cy="56" r="3" fill="#ff8a65" opacity="0.6" />
      <circle cx="60" cy="56" r="3" fill="#ff8a65" opacity="0.6" />
      {sparkle(82, 14, 6)}
      {sparkle(14, 18, 4)}
      {sparkle(86, 74, 4, '#ffe57f')}
    </>
  )
}

function cupcake(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'frosting', [
          [0, '#ffd6e6'],
          [1, '#ff8ab3'],
        ])}
        {linear(p, 'cup', [
          [0, '#7ec8f0'],
          [1, '#3f9fd6'],
        ])}
      </defs>
      <path d="M20 54L76 54L68 90L28 90Z" fill={p.url('cup')} />
      <path d="M30 54L34 90M42 54L44 90M54 54L52 90M66 54L62 90" stroke="#ffffff" strokeWidth="2.5" opacity="0.55" />
      <path d="M16 56C12 48 18 42 24 44C22 36 30 30 38 34C38 24 58 24 58 34C66 30 74 36 72 44C78 42 84 48 80 56C70 60 26 60 16 56Z" fill={p.url('frosting')} />
      <path d="M24 48C34 52 44 52 52 48M38 38C46 42 54 40 60 38" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" fill="none" opacity="0.6" />
      <path d="M28 46L32 44M62 50L66 52M44 44L46 41M54 44L57 46M36 52L40 53M70 46L72 43" stroke="#7c4dff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M34 40L37 42M50 36L48 33M64 40L66 37" stroke="#ffb300" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M48 22C50 14 54 10 60 8" stroke="#4e7d2c" strokeWidth="2" strokeLinecap="round" fill="none" />
      <circle cx="48" cy="24" r="7" fill="#d50032" />
      <circle cx="45.5" cy="21.5" r="2" fill="#ffffff" opacity="0.7" />
    </>
  )
}

function kiss(p: Paint) {
  return (
    <>
      <defs>
        {linear(p, 'lips', [
          [0, '#ff4d6d'],
          [1, '#c9184a'],
        ])}
      </defs>
      <path d="M10 52C20 38 32 30 40 33C44 34 46 37 48 39C50 37 52 34 56 33C64 30 76 38 86 52C70 52 58 54 48 54C38 54 26 52 10 52Z" fill={p.url('lips')} />
      <path d="M10 52C26 52 38 54 48 54C58 54 70 52 86 52C78 70 64 78 48 78C32 78 18 70 10 52Z" fill={p.url('lips')} />
      <path d="M15 52.4C28 52.8 38 54 48 54C58 54 68 52.8 81 52.4" stroke="#8b0a2e" strokeWidth="2" strokeLinecap="round" fill="none" />
      <ellipse cx="38" cy="66" rx="8" ry="3" transform="rotate(-8 38 66)" fill="#ffffff" opacity="0.45" />
      <ellipse cx="34" cy="40" rx="5" ry="2" transform="rotate(-25 34 40)" fill="#ffffff" opacity="0.35" />
      <path d="M76 24C68 18 67 11 71 9.5C74 8.5 75.5 10.5 76 12.5C76.5 10.5 78 8.5 81 9.5C85 11 84 18 76 24Z" fill="#ff6b8b" />
      <path d="M20 22C15 18 14.5 13.5 17 12.5C18.8 12 19.7 13.2 20 14.5C20.3 13.2 21.2 12 23 12.5C25.5 13.5 25 18 20 22Z" fill="#ff9ebc" />
      <path d="M62 90C58 87 57.5 84 59.5 83.2C60.8 82.8 61.6 83.6 62 84.5C62.4 83.6 63.2 82.8 64.5 83.2C66.5 84 66 87 62 90Z" fill="#ff9ebc" />
    </>
  )
}

function sunflower(p: Paint) {
  const turns = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330]
  return (
    <>
      <defs>
        {radial(p, 'seeds', [
          [0, '#8d5a3b'],
          [1, '#4a2a17'],
        ])}
      </defs>
      <path d="M48 56C48 70 46 80 48 92" stroke="#3f9b4a" strokeWidth="5" strokeLinecap="round" fill="none" />
      <path d="M48 78C40 66 26 66 20 72C28 82 42 82 48 78Z" fill="#4caf50" />
      <path d="M48 72C56 62 70 62 76 66C70 76 56 78 48 72Z" fill="#66bb6a" />
      {turns.map((a) => (
        <ellipse key={`b${a}`} cx="48" cy="17" rx="7" ry="14" transform={`rotate(${a + 15} 48 38)`} fill="#f9a825" />
      ))}
      {turns.map((a) => (
        <ellipse key={`f${a}`} cx="48" cy="18" rx="6.5" ry="13" transform={`rotate(${a} 48 38)`} fill="#ffd23f" />
      ))}
      <circle cx="48" cy="38" r="14" fill={p.url('seeds')} />
      <circle cx="43" cy="34" r="1.6" fill="#c08a5a" />
      <circle cx="50" cy="32" r="1.6" fill="#c08a5a" />
      <circle cx="54" cy="38" r="1.6" fill="#c08a5a" />
      <circle cx="46" cy="41" r="1.6" fill="#c08a5a" />
      <circle cx="52" cy="45" r="1.6" fill="#c08a5a" />
      <circle cx="40" cy="41" r="1.6" fill="#c08a5a" />
    </>
  )
}

const arts: Record<GiftId, (p: Paint) => ReactElement> = { rose, bouquet, heart, chocolates, champagne, cocktail, teddy, ring, star, cupcake, kiss, sunflower }

export function GiftArt({ gift, size = 96, title }: { gift: GiftId; size?: number; title?: string }) {
  // useId() may contain characters (colons, guillemets) that are awkward inside url(#…); keep letters and digits.
  const prefix = `gift-${useId().replace(/[^a-zA-Z0-9]/g, '')}-${gift}`
  const paint: Paint = { id: (name) => `${prefix}-${name}`, url: (name) => `url(#${prefix}-${name})` }
  return (
    <svg
      viewBox="0 0 96 96"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-label={title || undefined}
      aria-hidden={title ? undefined : 'true'}
      focusable={title ? undefined : 'false'}
    >
      {arts[gift](paint)}
    </svg>
  )
}

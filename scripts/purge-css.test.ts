import { describe, expect, it } from 'vitest'
import { appSources, dynamicClassPrefixes } from './purge-css'

describe('the class prefixes the purge keeps whole', () => {
  it('are the ones a className template completes at run time, not ids or test ids', () => {
    const source = [
      '<li className={`video-caption video-caption-${i}`} />',
      '<span className={`icons-badge icons-tone-${tone}`} data-testid={`tone-${tone}`} />',
      '<div className={`film-stage film-n-${n}${paused ? " is-paused" : ""}`} id={`scene-${i}`} />',
      '<div className={`card${active ? " active" : ""}`} />',
    ].join('\n')
    expect(dynamicClassPrefixes([source])).toEqual(['film-n-', 'icons-tone-', 'video-caption-'])
  })

  it('include the landers’ numbered and toned classes in the app’s own source', () => {
    expect(dynamicClassPrefixes(appSources())).toEqual(expect.arrayContaining(['collage-pos-', 'film-scene-', 'icons-sat-', 'icons-tone-', 'video-caption-']))
  })
})

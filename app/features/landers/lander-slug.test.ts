import { describe, expect, it } from 'vitest'
import { audienceFromSlug, countryFromSlug, otherAudienceSlug } from './lander-slug'

describe('lander slugs', () => {
  it('choose whose profiles a lander shows, women by default', () => {
    expect(audienceFromSlug(undefined)).toBe('female')
    expect(audienceFromSlug('women')).toBe('female')
    expect(audienceFromSlug('MEN')).toBe('male')
    expect(audienceFromSlug('male')).toBe('male')
    // Any other slug only tells campaigns apart.
    expect(audienceFromSlug('spring-campaign')).toBe('female')
  })

  it('name a country only when it is a served one', () => {
    expect(countryFromSlug('de', ['NL', 'DE'])).toBe('DE')
    expect(countryFromSlug('FR', ['NL', 'DE'])).toBeNull()
    expect(countryFromSlug('men', ['NL', 'DE'])).toBeNull()
    expect(countryFromSlug(undefined, ['NL'])).toBeNull()
  })

  it('switch between the two audiences', () => {
    expect(otherAudienceSlug('female')).toBe('men')
    expect(otherAudienceSlug('male')).toBe('women')
  })
})

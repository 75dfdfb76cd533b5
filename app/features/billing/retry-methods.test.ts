import { describe, expect, it } from 'vitest'
import { retryMethods } from './retry-methods'

const methods = [{ id: 'creditcard' }, { id: 'paypal' }, { id: 'ideal' }]

describe('the methods offered after a failed payment', () => {
  it('leaves out the method that failed', () => {
    expect(retryMethods(methods, { method: 'ideal', storedCard: false }).map((m) => m.id)).toEqual(['creditcard', 'paypal'])
    expect(retryMethods(methods, { method: 'creditcard', storedCard: false }).map((m) => m.id)).toEqual(['paypal', 'ideal'])
  })

  it('keeps the card after a stored card failed, for new card details', () => {
    expect(retryMethods(methods, { method: 'creditcard', storedCard: true }).map((m) => m.id)).toEqual(['creditcard', 'paypal', 'ideal'])
  })
})

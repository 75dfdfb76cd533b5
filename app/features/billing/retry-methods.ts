/**
 * The methods offered again after a failed payment (spec section 4): every other method; after a stored card failed,
 * the card as well, to enter new card details (its "Enter card details" link), so the card payment is never lost
 * from the list (issue 28, point 1: only PayPal was left).
 */
export function retryMethods<M extends { id: string }>(methods: M[], failed: { method: string; storedCard: boolean }): M[] {
  return methods.filter((m) => m.id !== failed.method || failed.storedCard)
}

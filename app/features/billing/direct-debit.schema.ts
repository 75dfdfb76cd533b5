import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile'
import { z } from 'zod'

// Error messages are catalog ids (directdebit.*); the form renders them translated. Shared with the client: the
// form checks itself before it is sent, and the server parses the same way.

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, 'directdebit.tooLong')

/** An IBAN as typed (spaces, lower case) in its electronic form, valid and of a country where SEPA debits work. */
export const ibanSchema = z
  .string({ error: 'directdebit.ibanInvalid' })
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v) && isSEPACountry(v.slice(0, 2)), 'directdebit.ibanInvalid')

/**
 * A mobile number (the code comes by SMS) in E.164. Written without a country prefix it is read as a number of
 * `country`, the member's. The mobile metadata of libphonenumber-js tells mobile numbers from landlines.
 */
export function phoneSchema(country: string) {
  return z
    .string({ error: 'directdebit.phoneInvalid' })
    .trim()
    .transform((v, ctx) => {
      const parsed = parsePhoneNumberFromString(v, country as CountryCode)
      if (!parsed?.isValid()) {
        ctx.addIssue({ code: 'custom', message: 'directdebit.phoneInvalid' })
        return z.NEVER
      }
      return parsed.number
    })
}

/** The direct debit form of spec section 3 (otp comes in the second step) with the required authorization. */
export function directDebitSchema(country: string) {
  return z.object({
    account_holder: text(100, 'directdebit.accountHolderRequired').pipe(z.string().min(2, 'directdebit.accountHolderRequired')),
    iban: ibanSchema,
    street: text(100, 'directdebit.streetRequired'),
    house_number: text(20, 'directdebit.houseNumberRequired'),
    zip: text(12, 'directdebit.zipRequired'),
    city: text(80, 'directdebit.cityRequired'),
    phone: phoneSchema(country),
    // A checkbox sends "on" when ticked and nothing otherwise; Conform reads "on" as true.
    authorize: z.boolean({ error: 'directdebit.authorizationRequired' }).refine((v) => v, 'directdebit.authorizationRequired'),
  })
}

export type DirectDebitForm = Omit<z.output<ReturnType<typeof directDebitSchema>>, 'authorize'>

/** The SMS code (spec section 3: otp). Anything but six digits is "Code invalid" without costing a try. */
export const otpSchema = z.object({
  otp: z
    .string({ error: 'directdebit.codeInvalid' })
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => /^\d{6}$/.test(v), 'directdebit.codeInvalid'),
})

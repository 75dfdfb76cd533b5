/** The company details the console edits, in the form's order (shared by the form and the server). */
export const companyFields = ['name', 'address', 'registrationNumber', 'city', 'country', 'tradenames', 'vatNumbers', 'supportPhone', 'deleteDiscount'] as const
export type CompanyField = (typeof companyFields)[number]

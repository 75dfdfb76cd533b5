/** What a complaint is about (/complaints); illegal_content is the notice channel of the Digital Services Act. */
export const complaintCategories = ['illegal_content', 'fake_profile', 'harassment', 'scam', 'underage', 'payment', 'privacy', 'other'] as const
export type ComplaintCategory = (typeof complaintCategories)[number]

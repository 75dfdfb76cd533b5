import type { IconName } from '#app/ui/icon-names'

/** What another member may see of a profile in lists (search results, likes, chats). */
export interface ProfileCard {
  id: number
  name: string
  age: number
  country: string
  region: string | null
  city: string | null
  gender: 'male' | 'female'
  isFictional: boolean
  /** A Premium member (spec section 6): the badge shows on their card and page. */
  premium: boolean
  thumb: string | null
  /** The larger square (400 px) of the main photo: cards wider than the thumb's 160 px pick it (issue 27). */
  photo: string | null
  lastActiveAt: string
}

export interface ProfileDetail extends ProfileCard {
  fields: Record<string, string | boolean | null>
  aboutMe: string | null
  interests: { slug: string; icon: IconName }[]
  images: { id: number; isMain: boolean }[]
  latitude: number | null
  longitude: number | null
  mainImage: { filename: string; status: string; match: string } | null
}

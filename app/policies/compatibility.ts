import type { Gender, Sexuality } from '#db/schema/profiles'

/**
 * Who could be interested in whom (docs/decisions/013-matching-and-compatibility.md): gender and looking-for both
 * ways, where what a member looks for follows from their own gender and sexuality. One rule for the swipe game,
 * the match finder, the like modal and the default search.
 */
export interface Orientation {
  gender: Gender
  sexuality: Sexuality
}

/** The genders a member is looking for. */
export function wantedGenders(m: Orientation): Gender[] {
  const other: Gender = m.gender === 'male' ? 'female' : 'male'
  if (m.sexuality === 'bi') return ['male', 'female']
  if (m.sexuality === 'hetero') return [other]
  // 'gay' and 'lesbian' both mean the member's own gender, whichever word a member chose.
  return [m.gender]
}

/** True when each of the two is a gender the other looks for. */
export function isCompatible(a: Orientation, b: Orientation): boolean {
  return wantedGenders(a).includes(b.gender) && wantedGenders(b).includes(a.gender)
}

/** The sexualities of members of `gender` who look for someone of the viewer's gender. */
export function sexualitiesSeeking(viewerGender: Gender, gender: Gender): Sexuality[] {
  return gender === viewerGender ? ['gay', 'lesbian', 'bi'] : ['hetero', 'bi']
}

/** The ages proposed to a member of `age`: ten years either way, adults only. */
export function proposedAges(age: number): { min: number; max: number } {
  return { min: Math.max(18, age - 10), max: Math.min(99, age + 10) }
}

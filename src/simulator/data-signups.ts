import { CAMPAIGN_SPECS } from './data-campaigns'
import type { Persona } from './data-people'
import { randomSignupEmail } from './data-people'
import type { Rng } from './data-random'
import { DAY, formatTimestamp } from './data-time'
import type { WireSignup } from './wire'

/** Sign-ups per campaign: the primary spans three pages of 30, the second exactly one. */
const SIGNUP_COUNTS = [75, 30, 6, 4] as const

/**
 * Pre-launch sign-ups, newest first, all before funding started. About 40 % are people who
 * later backed (same e-mail as a pool account), which is what a real pre-launch list looks like.
 */
export function buildSignups(
  rng: Rng,
  poolSize: number,
  personaAt: (ref: number) => Persona,
): Map<number, WireSignup[]> {
  const signups = new Map<number, WireSignup[]>()
  CAMPAIGN_SPECS.forEach((spec, c) => {
    const count = SIGNUP_COUNTS[c] ?? 0
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      times.push(Math.floor((spec.start - rng.next() * 40 * DAY) / 1000) * 1000)
    }
    times.sort((a, b) => b - a)
    const seen = new Set<string>()
    const list: WireSignup[] = []
    times.forEach((t, i) => {
      let email = ''
      for (let tries = 0; tries < 5 && (email === '' || seen.has(email)); tries++) {
        email = rng.chance(0.4)
          ? personaAt(rng.int(poolSize)).email
          : // The tag holds letters, so it never equals a pool address (those end in digits).
            randomSignupEmail(rng, `pl${c}x${i}`)
      }
      if (seen.has(email)) email = randomSignupEmail(rng, `pl${c}x${i}`)
      seen.add(email)
      list.push({ email, signup_time: formatTimestamp(t) })
    })
    signups.set(spec.id, list)
  })
  return signups
}

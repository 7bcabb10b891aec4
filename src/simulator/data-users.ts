import { BACKER_ACCOUNT_ID, DEMO_ACCOUNT_ID } from './data-campaigns'
import { poolAccountId } from './data-ids'
import { avatarUrl, randomPersona } from './data-people'
import { SHOWCASE, showcasePersona } from './data-showcase'
import type { Persona } from './data-people'
import { REF_BACKER, REF_DEMO } from './data-rows'
import { BACKER_CREDENTIALS, DEMO_CREDENTIALS } from './model'
import type { DatasetOptions, SimUser } from './model'

/** The two accounts every dataset has: the demo team member and the teamless backer. */
export interface FixedUsers {
  demoUser: SimUser
  backerUser: SimUser
  demoPersona: Persona
  backerPersona: Persona
}

export function fixedUsers(options: DatasetOptions): FixedUsers {
  const demoUser: SimUser = {
    accountId: DEMO_ACCOUNT_ID,
    name: 'Avery Quinn',
    email: options.demoEmail ?? DEMO_CREDENTIALS.email,
    password: options.demoPassword ?? DEMO_CREDENTIALS.password,
  }
  const backerUser: SimUser = {
    accountId: BACKER_ACCOUNT_ID,
    name: 'Jordan Reyes',
    email: BACKER_CREDENTIALS.email,
    password: BACKER_CREDENTIALS.password,
  }
  const demoPersona: Persona = {
    accountId: demoUser.accountId,
    name: demoUser.name,
    email: demoUser.email,
    avatarUrl: avatarUrl(demoUser.accountId, false),
    shipping: Object.freeze({
      name: demoUser.name,
      address: '2217 SE Division St',
      address2: null,
      city: 'Portland',
      state: 'OR',
      zipcode: '97202',
      country: 'US',
      phone_number: '+1 503-555-0177',
    }),
  }
  const backerPersona: Persona = {
    accountId: backerUser.accountId,
    name: backerUser.name,
    email: backerUser.email,
    avatarUrl: avatarUrl(backerUser.accountId, true),
    shipping: Object.freeze({
      name: backerUser.name,
      address: '1055 Granville St',
      address2: 'Apt 1804',
      city: 'Vancouver',
      state: 'BC',
      zipcode: 'V6Z 1L4',
      country: 'CA',
      phone_number: '+1 604-555-0164',
    }),
  }
  return { demoUser, backerUser, demoPersona, backerPersona }
}

/**
 * The person behind an account reference of a row plan: a fixed user, a hand-written showcase
 * entry, or a generated pool member. Made once per reference, so every row of an account shares
 * one persona (and one frozen shipping object).
 */
export function personaLookup(seed: number, fixed: FixedUsers): (ref: number) => Persona {
  const personas: (Persona | undefined)[] = []
  return (ref) => {
    if (ref === REF_DEMO) return fixed.demoPersona
    if (ref === REF_BACKER) return fixed.backerPersona
    let persona = personas[ref]
    if (!persona) {
      const accountId = poolAccountId(ref)
      const entry = SHOWCASE[ref]
      persona = entry ? showcasePersona(entry, accountId) : randomPersona(seed, ref, accountId)
      personas[ref] = persona
    }
    return persona
  }
}

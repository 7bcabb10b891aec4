/**
 * The API leaves out e-mails and shipping addresses unless the access token is a team member's
 * (api-spec.md). An account that is not on the campaign's team signs in fine and gets rows
 * without them, as an API token alone does: these sentences say which happened and the fix, in
 * the app and in the CLI alike.
 */

/** Why a sync got no e-mails or addresses: an API token alone, or an account off the team. */
export type AddressesHiddenBy = 'api-token-only' | 'not-on-team'

/** Why a sync got none, after "no e-mails or shipping addresses: ". */
export function hiddenCauseText(cause: AddressesHiddenBy): string {
  return cause === 'not-on-team'
    ? "the account you signed in with is not on the campaign's team"
    : 'it was signed in with an API token only'
}

/** What brings them back, as a sentence. */
export function hiddenFixText(cause: AddressesHiddenBy): string {
  return cause === 'not-on-team'
    ? "Ask the campaign's owner to add your account as a team member, then sync again."
    : "Sign in with a team member's e-mail and password, then sync again."
}

/** The pre-print check of a copy synced without them, whichever way that happened. */
export function addressesHiddenText(ordersNeedingShipping: string): string {
  return (
    "Addresses are hidden: this copy was synced without a team member's sign-in (an API token only, or an account not on the campaign's team). " +
    "Sign in with the e-mail and password of a member of the campaign's team (its owner can add your account), " +
    `then sync again (${ordersNeedingShipping} need shipping).`
  )
}

/** After a sync, signed in as a person, that received no e-mail or address. */
export const NOT_ON_TEAM_TEXT =
  `The API sent no e-mails or shipping addresses for this campaign (${hiddenCauseText('not-on-team')}). ` +
  `Labels, packing slips and the shipper CSV need them. ${hiddenFixText('not-on-team')}`

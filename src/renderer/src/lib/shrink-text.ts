import type { ShrinkPending } from '@shared/ipc'

/** The held-sync question's words, by why main held the copy back. */
export function shrinkQuestion(pending: ShrinkPending): {
  title: string
  explain: string
  replace: string
} {
  const fewer =
    'A wrong API address, a server answering only in part or a filter can make a campaign look ' +
    'smaller than it is.'
  const hidden =
    "This sync got no e-mails or shipping addresses: it was made without a team member's sign-in " +
    "(an API token only, or an account not on the campaign's team). Replacing the copy leaves " +
    'labels, packing slips and the shipper CSV without them.'
  if (!pending.fewerOrders) {
    return {
      title: 'This sync got no e-mails or addresses',
      explain: `${hidden} Nothing has been replaced: sign in as a team member and sync again.`,
      replace: 'Replace without addresses',
    }
  }
  const both = pending.addressesLost ? ` ${hidden}` : ''
  return {
    title: 'This sync found far fewer orders',
    explain: `${fewer}${both} Nothing has been replaced: replace the copy only if the campaign really holds fewer orders now.`,
    replace: 'Replace with the smaller copy',
  }
}

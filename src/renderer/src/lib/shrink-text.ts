import type { ShrinkPending } from '@shared/ipc'
import { hiddenCauseText, hiddenFixText } from '@shared/api/hidden-fields-text'

/** The held-sync question's words, by why main held the copy back. */
export function shrinkQuestion(pending: ShrinkPending): {
  title: string
  explain: string
  replace: string
} {
  const cause = pending.addressesLost
  const hidden =
    cause === null
      ? ''
      : `This sync got no e-mails or shipping addresses (${hiddenCauseText(cause)}). Replacing ` +
        'the copy leaves labels, packing slips and the shipper CSV without them.'
  if (!pending.fewerOrders && cause !== null) {
    return {
      title: 'This sync got no e-mails or addresses',
      explain: `${hidden} Nothing has been replaced. ${hiddenFixText(cause)}`,
      replace: 'Replace without addresses',
    }
  }
  const fewer =
    'A wrong API address, a server answering only in part or a filter can make a campaign look ' +
    'smaller than it is.'
  return {
    title: `This sync found far fewer orders${cause === null ? '' : ', and no addresses'}`,
    explain:
      `${fewer}${cause === null ? '' : ` ${hidden}`} Nothing has been replaced: replace the copy ` +
      `only if the campaign really holds fewer orders now.${cause === null ? '' : ` ${hiddenFixText(cause)}`}`,
    replace: `Replace with the smaller copy${cause === null ? '' : ', without addresses'}`,
  }
}

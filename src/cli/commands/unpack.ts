import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { localTime, orderArg } from '../floor-orders'
import { syncedSnapshot } from '../offline-copy'

const USAGE = 'unpack <campaign-id> <order-id>'

export const unpackCommand: Command = {
  usage: USAGE,
  summary: 'Take back the packed mark of an order (offline; no network).',
  options: [],
  async run({ context, args }) {
    const campaignId = campaignArg(args, USAGE)
    const orderId = orderArg(args, USAGE)
    syncedSnapshot(context, campaignId)
    const floor = context.cache().floor()
    const before = floor.state(campaignId, orderId)
    if (!floor.unpack(campaignId, orderId)) {
      context.io.stdout.write(`Order ${orderId} was not packed: nothing to undo.\n`)
      return 0
    }
    const where = before?.station ? ` at ${before.station}` : ''
    const when = before?.packedAt ? `, ${localTime(before.packedAt)}` : ''
    context.io.stdout.write(`Order ${orderId} is no longer packed (was packed${where}${when}).\n`)
    return 0
  },
}

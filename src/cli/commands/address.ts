import fs from 'node:fs'
import { correctAddress } from '../../main/core/floor/address-correction'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { orderAddressLines } from '../../shared/address'
import type { Shipping } from '../../shared/api/schemas'
import { ADDRESS_PART_NAMES } from '../../shared/corrections/correction-types'
import type { AddressParts } from '../../shared/corrections/correction-types'
import { platformChangedSince } from '../../shared/corrections/effective-address'
import { parsePastedAddress } from '../../shared/corrections/pasted-address'
import { campaignArg } from '../arguments'
import type { Command, CommandInput, ParsedValues } from '../command'
import { orderNotInCopy, scannedOrderArg, stationName } from '../floor-orders'

const SET_USAGE =
  'address set <campaign-id> <order-id> --reason TEXT [--from-file FILE] [--name N] [--street S] [--street2 S] [--city C] [--state S] [--zip Z] [--country CC] [--phone P]'
const CLEAR_USAGE = 'address clear <campaign-id> <order-id>'
const SHOW_USAGE = 'address show <campaign-id> <order-id> [--json]'

/** The flag of each address part: what the person types on the command line. */
const FLAGS: Readonly<Record<keyof AddressParts, keyof ParsedValues>> = {
  name: 'name',
  address: 'street',
  address2: 'street2',
  city: 'city',
  state: 'state',
  zipcode: 'zip',
  country: 'country',
  phone_number: 'phone',
}

/** The order named on the line, as synced (a correction is made against the synced address). */
function syncedOrder({ context, args }: CommandInput, usage: string) {
  const campaignId = campaignArg(args, usage)
  const scanned = scannedOrderArg(context, campaignId, args, usage)
  if (!scanned.row) throw orderNotInCopy(campaignId, args[1] ?? '')
  return { campaignId, row: scanned.row }
}

/**
 * The corrected address: the pasted block of --from-file read into parts (the rule the app's
 * "Paste from an e-mail" uses), else the synced address, each part then replaced by its flag.
 */
function addressFrom(values: ParsedValues, start: AddressParts): AddressParts {
  let parts = { ...start }
  const file = values['from-file']
  if (file !== undefined) {
    let text: string
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw new UsageError(
        code === 'ENOENT'
          ? `There is no file ${file}. Check the name and folder.`
          : `Cannot read ${file} (${code ?? 'error'}). Check that it is a file you may read.`,
      )
    }
    if (text.length > 4096)
      throw new UsageError(`${file} is longer than an address: give a file with the address only.`)
    parts = parsePastedAddress(text, start.country)
  }
  for (const name of ADDRESS_PART_NAMES) {
    const given = values[FLAGS[name]]
    if (typeof given === 'string') parts[name] = given.trim() === '' ? null : given.trim()
  }
  return parts
}

/** The parts as the platform's shipping object, for the one address formatter. */
const asShipping = (parts: AddressParts): Shipping => ({ ...parts })

function setAddress(input: CommandInput): number {
  const { context, values } = input
  const { campaignId, row } = syncedOrder(input, SET_USAGE)
  if (!values.reason?.trim())
    throw new UsageError(
      `A correction needs a reason: add --reason "...". Usage: perkpack ${SET_USAGE}`,
    )
  const start: AddressParts = {
    name: row.order.shipping?.name ?? null,
    address: row.order.shipping?.address ?? null,
    address2: row.order.shipping?.address2 ?? null,
    city: row.order.shipping?.city ?? null,
    state: row.order.shipping?.state ?? null,
    zipcode: row.order.shipping?.zipcode ?? null,
    country: row.order.shipping?.country ?? null,
    phone_number: row.order.shipping?.phone_number ?? null,
  }
  const address = addressFrom(values, start)
  const by = stationName(values.station, context.target.dataDir)
  const saved = correctAddress(
    context.cache().floorPlan(),
    campaignId,
    row,
    address,
    values.reason,
    by,
  )
  const lines = orderAddressLines(asShipping(saved.address), { locale: 'en', senderCountry: '' })
  context.io.stdout.write(
    `Order ${row.order.id} ships to:\n  ${lines.join('\n  ')}\nEvery label, slip and file from now on prints this address.\n`,
  )
  return 0
}

function clearAddress(input: CommandInput): number {
  const { campaignId, row } = syncedOrder(input, CLEAR_USAGE)
  const dropped = input.context
    .cache()
    .floorPlan()
    .corrections.dropCorrection(
      campaignId,
      row.order.id,
      stationName(input.values.station, input.context.target.dataDir),
    )
  input.context.io.stdout.write(
    dropped
      ? `Order ${row.order.id} ships to the platform's address again.\n`
      : `Order ${row.order.id} had no correction: it ships to the platform's address.\n`,
  )
  return 0
}

function showAddress(input: CommandInput): number {
  const { campaignId, row } = syncedOrder(input, SHOW_USAGE)
  const correction =
    input.context.cache().floorPlan().corrections.corrections(campaignId).get(row.order.id) ?? null
  const changed = correction !== null && platformChangedSince(row, correction)
  if (input.values.json) {
    input.context.io.stdout.write(
      `${JSON.stringify({ orderId: row.order.id, correction, platformChanged: changed }, null, 2)}\n`,
    )
    return 0
  }
  const lines = (shipping: Shipping | null | undefined) =>
    orderAddressLines(shipping ?? null, { locale: 'en', senderCountry: '' }).join(', ') || '(none)'
  const out = input.context.io.stdout
  if (!correction) {
    out.write(`Order ${row.order.id}: no correction; ships to ${lines(row.order.shipping)}\n`)
    return 0
  }
  out.write(
    `Order ${row.order.id} ships to ${lines(asShipping(correction.address))}\n` +
      `  corrected by ${correction.by} at ${correction.at}: ${correction.reason}\n` +
      `  platform: ${lines(row.order.shipping)}\n`,
  )
  if (changed)
    out.write(
      `  The platform's address changed after the correction: check it, then run perkpack address set again to keep yours, or perkpack address clear to take the platform's.\n`,
    )
  return 0
}

export const addressCommand: Command = {
  usage: [SET_USAGE, CLEAR_USAGE, SHOW_USAGE].join('\n       perkpack '),
  summary: "Correct an order's ship-to address (every output prints it), or take it back.",
  details: `set       keeps a corrected address beside the synced one: --from-file reads an address
          pasted from an e-mail into its parts, each flag then sets one part (--name, --street,
          --street2, --city, --state, --zip, --country as a two-letter code, --phone); parts
          not given keep the synced value. --reason is required. A later sync bringing
          another platform address is flagged in the pre-print checks, never taken silently.
clear     drops the correction: the platform's address ships again.
show      the address the order ships to, the correction and the platform's address.`,
  options: [
    'reason',
    'from-file',
    'name',
    'street',
    'street2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'station',
    'json',
  ],
  async run(input) {
    const [sub, ...rest] = input.args
    const next = { ...input, args: rest }
    if (sub === 'set') return setAddress(next)
    if (sub === 'clear') return clearAddress(next)
    if (sub === 'show') return showAddress(next)
    throw new UsageError(
      `${sub ? `Unknown "address ${sub}".` : 'Missing what to do.'} Usage: perkpack ${SET_USAGE}`,
    )
  },
}

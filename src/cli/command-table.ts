import type { Command } from './command'
import { catalogCommand } from './commands/catalog'
import { customsCommand } from './commands/customs'
import { contributionsCommand } from './commands/contributions'
import { exportCommand } from './commands/export'
import { exportCsvCommand } from './commands/export-csv'
import { fulfillmentCommand } from './commands/fulfillment'
import { importCommand } from './commands/import'
import { jobCommand } from './commands/job'
import { labelsCommand } from './commands/labels'
import { loginCommand } from './commands/login'
import { logoutCommand } from './commands/logout'
import { ordersCommand } from './commands/orders'
import { packCommand } from './commands/pack'
import { picklistCommand } from './commands/picklist'
import { problemsCommand } from './commands/problems'
import { signupsCommand } from './commands/signups'
import { slipsCommand } from './commands/slips'
import { syncCommand } from './commands/sync'
import { teamCommand } from './commands/team'
import { trackingCommand } from './commands/tracking'
import { unpackCommand } from './commands/unpack'
import { stockCommand } from './commands/stock'
import { waveCommand } from './commands/wave'
import { holdCommand, releaseCommand } from './commands/hold'
import { addressCommand } from './commands/address'
import { reshipCommand } from './commands/reship'
import { sharingFloorPlan } from './floor-team'

/** Every `perkpack` command under its name, in the order `perkpack --help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  login: loginCommand,
  logout: logoutCommand,
  sync: syncCommand,
  import: importCommand,
  orders: ordersCommand,
  picklist: picklistCommand,
  job: jobCommand,
  signups: signupsCommand,
  contributions: contributionsCommand,
  problems: problemsCommand,
  export: exportCommand,
  'export-csv': exportCsvCommand,
  catalog: catalogCommand,
  labels: labelsCommand,
  slips: slipsCommand,
  customs: customsCommand,
  pack: packCommand,
  unpack: unpackCommand,
  fulfillment: fulfillmentCommand,
  tracking: trackingCommand,
  team: teamCommand,
  stock: sharingFloorPlan(stockCommand),
  wave: sharingFloorPlan(waveCommand),
  hold: sharingFloorPlan(holdCommand),
  release: sharingFloorPlan(releaseCommand),
  address: sharingFloorPlan(addressCommand),
  reship: sharingFloorPlan(reshipCommand),
}

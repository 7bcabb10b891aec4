import type { Command } from './command'
import { contributionsCommand } from './commands/contributions'
import { exportCommand } from './commands/export'
import { exportCsvCommand } from './commands/export-csv'
import { jobCommand } from './commands/job'
import { labelsCommand } from './commands/labels'
import { loginCommand } from './commands/login'
import { logoutCommand } from './commands/logout'
import { ordersCommand } from './commands/orders'
import { picklistCommand } from './commands/picklist'
import { problemsCommand } from './commands/problems'
import { signupsCommand } from './commands/signups'
import { slipsCommand } from './commands/slips'
import { syncCommand } from './commands/sync'

/** Every `perkpack` command under its name, in the order `perkpack --help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  login: loginCommand,
  logout: logoutCommand,
  sync: syncCommand,
  orders: ordersCommand,
  picklist: picklistCommand,
  job: jobCommand,
  signups: signupsCommand,
  contributions: contributionsCommand,
  problems: problemsCommand,
  export: exportCommand,
  'export-csv': exportCsvCommand,
  labels: labelsCommand,
  slips: slipsCommand,
}

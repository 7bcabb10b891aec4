/**
 * Reads one CSV file the way `perkpack import` (CSV_CHILD_MODE=cli) or the app's dashboard
 * import (app) does, in a process of its own, and prints one JSON line: the message it was
 * refused with (null when read) and how far its peak memory rose above its peak before the
 * read, in MB. Run by csv-input-limits.test.ts, bundled (program-bundles.ts). CSV_CHILD_FILE: the file.
 */
import { readInputFile } from '../../src/cli/input-file'
import { DashboardImportDesk } from '../../src/main/dashboard/dashboard-import-desk'
import type { DashboardImportDeps } from '../../src/main/dashboard/dashboard-import-desk'
import { openDashboardExport } from '../../src/main/core/dashboard/dashboard-export'

async function read(file: string): Promise<void> {
  if (process.env.CSV_CHILD_MODE === 'app') {
    const noCache = () => {
      throw new Error('the file was read whole: the test only needs the reading')
    }
    const deps = { cache: noCache, now: Date.now } as unknown as DashboardImportDeps
    await new DashboardImportDesk(deps).preview(1, file)
    return
  }
  const { bytes, name } = readInputFile(file, 'import <campaign-id> FILE.csv')
  openDashboardExport(bytes, name).read(() => undefined)
}

async function main(): Promise<void> {
  // The high-water mark so far, not the resident size now: loading the bundled program peaks
  // and falls back before this line, and that fall was counted as the read's growth (23 MB in
  // a fresh-clone run where the read added nothing).
  const before = Math.max(process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024)
  let message: string | null = null
  try {
    await read(process.env.CSV_CHILD_FILE ?? '')
  } catch (error) {
    message = (error as Error).message
  }
  const grownMb = (process.resourceUsage().maxRSS * 1024 - before) / 2 ** 20
  console.log(JSON.stringify({ message, grownMb: Math.round(grownMb) }))
}

void main()

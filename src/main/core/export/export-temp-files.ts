import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isProcessAlive } from '../system/process-alive'

// The temporary file an export writes before renaming it over its target, and what a killed
// export leaves of it. These files hold names and addresses, so they and the exports made from
// them are readable by their owner only (0600), like the PDFs (.part files, print/).

/** Owner read and write only: the files hold personal data. */
export const EXPORT_FILE_MODE = 0o600

/**
 * This computer, in the names of its temporary files: a folder on a network share holds other
 * desks' exports too, whose process ids mean nothing here.
 */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6)

/**
 * ".list.xlsx.<host>-<pid>-<8 hex>.tmp" beside `target`: hidden, in the same folder so the rename
 * is atomic, unique per attempt so two exports to one name never share one, and named with the
 * writer's computer and process id so a later export here can tell a dead writer's leftover from
 * a live one.
 */
export function exportTempPath(target: string): string {
  const unique = `${HOST_TAG}-${process.pid}-${randomBytes(4).toString('hex')}`
  return path.join(path.dirname(target), `.${path.basename(target)}.${unique}.tmp`)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Removes the temporary files of `target` whose writer is gone (killed, crashed, power lost), so
 * personal data does not stay behind in a hidden file. Never another target's, another
 * computer's, this process's (it may be writing one now) nor a running process's. Best effort: a folder that
 * cannot be listed or a file that cannot be removed is left as it is.
 */
export function removeLeftoverTemps(target: string): string[] {
  const pattern = new RegExp(
    `^\\.${escapeRegExp(path.basename(target))}\\.${HOST_TAG}-(\\d+)-[0-9a-f]{8}\\.tmp$`,
  )
  const dir = path.dirname(target)
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN)
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isProcessAlive(pid))
      continue
    try {
      fs.rmSync(path.join(dir, name), { force: true })
      removed.push(name)
    } catch {
      // Someone else's file, or a folder we may not change: not ours to force.
    }
  }
  return removed
}

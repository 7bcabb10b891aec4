import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from '../main/services/perkpack-errors'

export interface OutPathRule {
  /** `FILE.csv`, `FILE.xlsx`: how the usage line names the file. */
  placeholder: string
  /** What the file is, for the message when --out is missing. */
  what: string
  usage: string
  /** A file name to suggest, e.g. `orders.csv`. */
  example: string
  /** The file extension the writer needs (lower case, with the dot), and what such a file is. */
  extension?: { dot: string; kind: string }
  /** Also refuse a folder this process cannot write in. */
  writable?: boolean
}

/**
 * `--out`, checked before anything is read, so a typo in the path costs nothing. Every message
 * names the problem and the fix. Answers the absolute path.
 */
export function checkedOutPath(value: string | undefined, rule: OutPathRule): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(
      `Missing --out ${rule.placeholder} (where to write ${rule.what}). Usage: perkpack ${rule.usage}`,
    )
  }
  if (rule.extension && path.extname(value).toLowerCase() !== rule.extension.dot) {
    throw new UsageError(
      `--out ${value} does not end in ${rule.extension.dot}. Give ${rule.extension.kind} name, e.g. --out ${rule.example}.`,
    )
  }
  const target = path.resolve(value)
  const folder = path.dirname(target)
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `The folder ${folder} does not exist. Create it, or give --out a path in an existing folder.`,
    )
  }
  if (rule.writable) {
    try {
      fs.accessSync(folder, fs.constants.W_OK)
    } catch {
      throw new UsageError(
        `Cannot write in ${folder} (permission denied). Give --out a path in a folder you can write to.`,
      )
    }
  }
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `--out ${value} is a folder. Give a file name, e.g. --out ${rule.example}.`,
    )
  }
  return target
}

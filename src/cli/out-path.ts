import fs from 'node:fs'
import path from 'node:path'
import { freePath } from '../main/core/export/free-path'
import { UsageError } from '../main/core/system/perkpack-errors'
import { exportFileName, fileStem } from '../shared/export/file-names'
import type { ParsedValues } from './command'
import type { CliContext } from './context'
import { canPrompt, prompt } from './io'

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

/** `--out` of an export: a file, or a folder to write the export's own name into. */
export interface CheckedOut {
  /** Absolute. */
  path: string
  folder: boolean
  /** As typed, for "Wrote ..." lines. */
  given: string
}

function missing(rule: OutPathRule, folders: boolean): UsageError {
  const or = folders ? ' or a folder' : ''
  return new UsageError(
    `Missing --out ${rule.placeholder}${or} (where to write ${rule.what}). Usage: perkpack ${rule.usage}`,
  )
}

function checkWritable(folder: string): void {
  try {
    fs.accessSync(folder, fs.constants.W_OK)
  } catch {
    throw new UsageError(
      `Cannot write in ${folder} (permission denied). Give --out a path in a folder you can write to.`,
    )
  }
}

function checkedFile(value: string, rule: OutPathRule, folders: boolean): string {
  const target = path.resolve(value)
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `--out ${value} is a folder. Give a file name, e.g. --out ${rule.example}.`,
    )
  }
  if (rule.extension && path.extname(value).toLowerCase() !== rule.extension.dot) {
    const or = folders ? ', or a folder to write a dated name into' : ''
    throw new UsageError(
      `--out ${value} does not end in ${rule.extension.dot}. Give ${rule.extension.kind} name, e.g. --out ${rule.example}${or}.`,
    )
  }
  const folder = path.dirname(target)
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `The folder ${folder} does not exist. Create it, or give --out a path in an existing folder.`,
    )
  }
  if (rule.writable) checkWritable(folder)
  return target
}

/**
 * `--out FILE`, checked before anything is read, so a typo in the path costs nothing. Every
 * message names the problem and the fix. Answers the absolute path.
 */
export function checkedOutPath(value: string | undefined, rule: OutPathRule): string {
  if (value === undefined || value.trim() === '') throw missing(rule, false)
  return checkedFile(value, rule, false)
}

/** `--out` of an export, checked as `checkedOutPath`, where an existing folder is taken too. */
export function checkedOut(value: string | undefined, rule: OutPathRule): CheckedOut {
  if (value === undefined || value.trim() === '') throw missing(rule, true)
  const target = path.resolve(value)
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    if (rule.writable) checkWritable(target)
    return { path: target, folder: true, given: value }
  }
  return { path: checkedFile(value, rule, true), folder: false, given: value }
}

/** The name the app's save dialog offers: "tidepool-labels-2026-03-02-0930.pdf". */
export function exportName(
  campaign: { campaignId: number; title: string | null | undefined },
  what: string,
  extension: string,
): string {
  return exportFileName(fileStem(campaign), what, extension, new Date())
}

/**
 * The file an export writes. Into a folder: `name` there, numbered when taken (with its
 * `companions`, the numbered batch files). An explicit file that exists is replaced only as
 * decided: asked on a terminal; with --force, or without a terminal (a script that names its
 * file means it, and `--out` has always replaced), replaced, and said so on stderr.
 */
export async function outFile(
  context: CliContext,
  values: ParsedValues,
  out: CheckedOut,
  name: string,
  companions: (file: string) => readonly string[] = () => [],
): Promise<{ path: string; shown: string }> {
  if (out.folder) {
    const file = freePath(out.path, name, companions)
    return { path: file, shown: path.join(out.given, path.basename(file)) }
  }
  const taken = [out.path, ...companions(out.path)].filter((file) => fs.existsSync(file))
  if (taken.length === 0 || values.force) return { path: out.path, shown: out.given }
  if (canPrompt(context.io)) {
    const answer = await prompt(context.io, `${out.given} exists. Replace it? [y/N] `)
    if (!/^y(es)?$/i.test(answer)) {
      throw new UsageError(
        `Kept ${out.given}: nothing was written. Give --out another name, or a folder (a dated name is made there), or add --force to replace it.`,
      )
    }
    return { path: out.path, shown: out.given }
  }
  context.warn(
    `${out.given} exists and is replaced (no terminal to ask on; --force replaces without this note).`,
  )
  return { path: out.path, shown: out.given }
}

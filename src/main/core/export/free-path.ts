import { existsSync } from 'node:fs'
import { extname, join } from 'node:path'

/**
 * `name` in `dir`, or the first of "name-2.ext", "name-3.ext", ... no file takes: an export
 * never lands on an older one unasked. `companions` names the files written with a path (the
 * numbered batch files of packing slips), which must be free too.
 */
export function freePath(
  dir: string,
  name: string,
  companions: (path: string) => readonly string[] = () => [],
  exists: (path: string) => boolean = existsSync,
): string {
  const ext = extname(name)
  const stem = name.slice(0, name.length - ext.length)
  const taken = (path: string) => exists(path) || companions(path).some(exists)
  let path = join(dir, name)
  for (let n = 2; taken(path); n++) path = join(dir, `${stem}-${n}${ext}`)
  return path
}

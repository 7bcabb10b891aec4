/** A check: commands (program and arguments) run in turn, up to the first that fails. */
export type Check = string[][]

export const CHECKS: Record<string, Check>
/** The production build's command. */
export const BUILD: string[]
/** The security scan's command (reads what the build wrote). */
export const SECURITY: string[]
/** The path of a program of node_modules/.bin. */
export function bin(name: string): string

export function runChecks(
  checks: Record<string, Check>,
  options?: { parallel?: number; write?: (text: string) => void; niceness?: number },
): Promise<string[]>

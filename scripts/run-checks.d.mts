/** A check: commands (program and arguments) run in turn, up to the first that fails. */
export type Check = string[][]

export const CHECKS: Record<string, Check>

export function runChecks(
  checks: Record<string, Check>,
  options?: { parallel?: number; write?: (text: string) => void },
): Promise<string[]>

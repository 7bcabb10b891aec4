export const FIRST: string[]
export const BESIDE: string[]
export const ALONE: string[]
export const BESIDE_NICENESS: number
export function vitestArgs(projects: string[], extra: string[]): string[]
export function runVitest(
  projects: string[],
  extra: string[],
  options?: { niceness?: number; buffer?: boolean; command?: string },
): Promise<{ code: number; output: string }>

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState {
  bounds: Rect
  maximized: boolean
}

const DEFAULT_SIZE = { width: 1280, height: 820 }
const MIN_SIZE = { width: 900, height: 600 }
/** This much of the window (its title bar, really) must be on a screen to be reachable. */
const VISIBLE_MIN = { width: 120, height: 40 }

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

export function readWindowState(file: string): WindowState | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState> | null
    const b = value?.bounds
    if (!b || ![b.x, b.y, b.width, b.height].every(isNumber)) return null
    return { bounds: { ...b }, maximized: value?.maximized === true }
  } catch {
    return null
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, `${JSON.stringify(state)}\n`)
    renameSync(temp, file)
  } catch {
    // Only a convenience: the next start opens at the default size.
  }
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

/**
 * The saved bounds when the window would still be reachable on one of today's displays (a
 * monitor may have been unplugged since), else the default size, centred by the OS.
 */
export function restoreBounds(
  state: WindowState | null,
  workAreas: readonly Rect[],
): Partial<Rect> & { width: number; height: number } {
  if (!state) return { ...DEFAULT_SIZE }
  const width = Math.max(MIN_SIZE.width, Math.round(state.bounds.width))
  const height = Math.max(MIN_SIZE.height, Math.round(state.bounds.height))
  const bounds = { x: Math.round(state.bounds.x), y: Math.round(state.bounds.y), width, height }
  // The top strip is what must be visible: it is where the window is dragged from.
  const titleBar = { ...bounds, height: Math.min(bounds.height, VISIBLE_MIN.height * 2) }
  const visible = workAreas.some((area) => {
    const o = overlap(titleBar, area)
    return o.width >= VISIBLE_MIN.width && o.height >= VISIBLE_MIN.height
  })
  return visible ? bounds : { width, height }
}

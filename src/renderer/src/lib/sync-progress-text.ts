import type { SyncProgress } from '@shared/ipc'
import { formatDuration, formatNumber } from './locale-format'

/** 0..100 for the progress bar: pages when known, records otherwise. */
export function syncPercent(progress: SyncProgress | null): number {
  if (!progress) return 0
  if (progress.phase === 'done') return 100
  const ratio =
    progress.pagesTotal > 0
      ? progress.pagesDone / progress.pagesTotal
      : progress.expected > 0
        ? progress.records / progress.expected
        : 0
  return Math.min(100, Math.max(0, Math.round(ratio * 100)))
}

const PHASES: Record<SyncProgress['phase'], string> = {
  walking: 'Downloading',
  'catching-up': 'Catching up with new orders',
  rewalking: 'Checking again',
  saving: 'Saving the offline copy',
  done: 'Done',
}

export function syncPhaseLabel(progress: SyncProgress | null): string {
  return progress ? PHASES[progress.phase] : 'Starting'
}

/** "pages 3 of 10 · records 300 of 1,000 · 250/s · 4 s left". */
export function syncProgressText(progress: SyncProgress | null): string {
  if (!progress) return 'Starting…'
  const left =
    progress.etaMs === null ? 'time left unknown' : `${formatDuration(progress.etaMs)} left`
  return [
    `pages ${formatNumber(progress.pagesDone)} of ${formatNumber(progress.pagesTotal)}`,
    `records ${formatNumber(progress.records)} of ${formatNumber(progress.expected)}`,
    `${formatNumber(progress.rate)}/s`,
    left,
  ].join(' · ')
}

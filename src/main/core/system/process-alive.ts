/**
 * Whether a process with this id runs: what tells a dead writer's leftovers (a sync's staged
 * rows, an export's temporary file) from those of one still at work.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

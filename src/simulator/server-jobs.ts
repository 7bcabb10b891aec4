import type { WireBatchStatus } from './wire'
import type { SimJobPlan } from './model'

/**
 * Status of a job at its `read`th status read (0-based): `queued` for queuedPolls reads, then
 * `working` with number_processed rising by perPoll, then the outcome once stopAt is reached.
 */
export function jobStatusAt(plan: SimJobPlan, read: number): WireBatchStatus {
  const { total, queuedPolls } = plan
  if (read < queuedPolls) {
    return {
      status: 'queued',
      message: 'Waiting for a worker to start.',
      number_processed: 0,
      total,
    }
  }
  const stopAt = plan.outcome === 'completed' ? total : Math.min(plan.stopAt, total)
  // A plan with perPoll 0 would never finish; a job that cannot progress is not useful here.
  const step = Math.max(1, plan.perPoll)
  const processed = (read - queuedPolls + 1) * step
  if (processed < stopAt) {
    return {
      status: 'working',
      message: `Updated ${processed} of ${total} orders.`,
      number_processed: processed,
      total,
    }
  }
  return terminalStatus(plan, stopAt)
}

function terminalStatus(plan: SimJobPlan, processed: number): WireBatchStatus {
  const { total } = plan
  const base = { status: plan.outcome, number_processed: processed, total }
  switch (plan.outcome) {
    case 'completed':
      return { ...base, message: `Completed: ${total} orders updated.` }
    case 'failed':
      return {
        ...base,
        message: `Failed after ${processed} of ${total} orders: an order could not be updated.`,
      }
    case 'killed':
      return { ...base, message: `Killed after ${processed} of ${total} orders by an operator.` }
  }
}

/** Per-simulator read counters: each status read advances that job by one step. */
export class JobBoard {
  private readonly reads = new Map<string, number>()
  private readonly plans: Map<string, SimJobPlan>

  constructor(plans: readonly SimJobPlan[]) {
    this.plans = new Map(plans.map((plan) => [plan.jobId, plan]))
  }

  find(campaignId: number, jobId: string): SimJobPlan | undefined {
    const plan = this.plans.get(jobId)
    return plan && plan.campaignId === campaignId ? plan : undefined
  }

  poll(plan: SimJobPlan): WireBatchStatus {
    const read = this.reads.get(plan.jobId) ?? 0
    this.reads.set(plan.jobId, read + 1)
    return jobStatusAt(plan, read)
  }

  reset(): void {
    this.reads.clear()
  }
}

import type { WireBatchStatus } from './wire'
import type { SimJobPlan } from './model'

/** Orders a failed job could not update, from where it stopped; their reasons, in turn. */
const FAILED_ORDERS = 3
const FAILURE_REASONS = [
  'The tracking number does not match the carrier.',
  'The order is refunded: it cannot be marked as shipped.',
  'The carrier is not one the platform knows.',
]

/**
 * Status of a job at its `read`th status read (0-based): `queued` for queuedPolls reads, then
 * `working` with number_processed rising by perPoll, then the outcome once stopAt is reached.
 * A failed job names the orders it could not update (`errors`), from `orderIds`: the
 * campaign's orders in the order the job went through them.
 */
export function jobStatusAt(
  plan: SimJobPlan,
  read: number,
  orderIds: readonly number[] = [],
): WireBatchStatus {
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
  return terminalStatus(plan, stopAt, orderIds)
}

function terminalStatus(
  plan: SimJobPlan,
  processed: number,
  orderIds: readonly number[],
): WireBatchStatus {
  const { total } = plan
  const base = { status: plan.outcome, number_processed: processed, total }
  switch (plan.outcome) {
    case 'completed':
      return { ...base, message: `Completed: ${total} orders updated.` }
    case 'failed': {
      // The orders it stopped at (from the start again in a campaign smaller than the job).
      const count = Math.min(FAILED_ORDERS, orderIds.length)
      const failed = Array.from(
        { length: count },
        (_, i) => orderIds[(processed + i) % orderIds.length] as number,
      )
      const errors = failed.map((order_id, i) => ({
        order_id,
        message: FAILURE_REASONS[i % FAILURE_REASONS.length] as string,
      }))
      const which = errors.length <= 1 ? 'an order' : `${errors.length} orders`
      return {
        ...base,
        message: `Failed after ${processed} of ${total} orders: ${which} could not be updated.`,
        ...(errors.length === 0 ? {} : { errors }),
      }
    }
    case 'killed':
      return { ...base, message: `Killed after ${processed} of ${total} orders by an operator.` }
  }
}

/** Per-simulator read counters: each status read advances that job by one step. */
export class JobBoard {
  private readonly reads = new Map<string, number>()
  private readonly plans: Map<string, SimJobPlan>

  constructor(
    plans: readonly SimJobPlan[],
    /** A campaign's order ids, in the order a job goes through them (oldest first). */
    private readonly orderIds: (campaignId: number) => readonly number[] = () => [],
  ) {
    this.plans = new Map(plans.map((plan) => [plan.jobId, plan]))
  }

  find(campaignId: number, jobId: string): SimJobPlan | undefined {
    const plan = this.plans.get(jobId)
    return plan && plan.campaignId === campaignId ? plan : undefined
  }

  poll(plan: SimJobPlan): WireBatchStatus {
    const read = this.reads.get(plan.jobId) ?? 0
    this.reads.set(plan.jobId, read + 1)
    return jobStatusAt(plan, read, plan.outcome === 'failed' ? this.orderIds(plan.campaignId) : [])
  }

  reset(): void {
    this.reads.clear()
  }
}

import type { WireCampaign, WireCampaignContribution, WireSignup } from './wire'

/** Credentials the simulator accepts unless overridden on the command line or in code. */
export const DEMO_CREDENTIALS = {
  apiToken: 'demo-api-token',
  email: 'demo@perkpack.test',
  password: 'perkpack-demo',
} as const

/** A second account that can sign in but sits on no campaign team (403 / rule 1 tests). */
export const BACKER_CREDENTIALS = {
  email: 'backer@perkpack.test',
  password: 'perkpack-backer',
} as const

export interface SimUser {
  accountId: number
  name: string
  email: string
  password: string
}

export type JobOutcome = 'completed' | 'failed' | 'killed'

/** How a batch order update job advances each time its status is read. */
export interface SimJobPlan {
  jobId: string
  campaignId: number
  total: number
  outcome: JobOutcome
  /** Status reads answered `queued` before the job starts working. */
  queuedPolls: number
  /** Records processed per status read while `working`. */
  perPoll: number
  /** For failed or killed jobs: number_processed at which the job stops. Equals total otherwise. */
  stopAt: number
}

export interface DatasetOptions {
  seed: number
  /** Contributions of the primary campaign (campaign ids[0]); other campaigns are smaller. */
  contributions: number
  /** The team member who signs in with the password grant. */
  demoEmail?: string
  demoPassword?: string
}

export interface SimDataset {
  seed: number
  /** Full campaign objects, as embedded in account contributions. campaigns[0] is the primary. */
  campaigns: WireCampaign[]
  /**
   * WireCampaign id -> contributions in the campaign-listing shape, privileged fields included
   * (email, order.shipping), newest first (created_at descending, ties by id descending).
   */
  contributions: Map<number, WireCampaignContribution[]>
  /** Accounts that can obtain an access token. users[0] is the demo team member. */
  users: SimUser[]
  /** WireCampaign id -> account ids of the owner and team members (privileged access). */
  teams: Map<number, Set<number>>
  /** WireCampaign id -> pre-launch sign-ups, newest first. */
  signups: Map<number, WireSignup[]>
  jobs: SimJobPlan[]
  /**
   * Build one more contribution for a campaign, deterministic from the dataset seed and the
   * number of contributions made so far; used by the "insert during a walk" fault. The caller
   * puts it at the front of the listing.
   */
  makeContribution(campaignId: number, createdAt: Date): WireCampaignContribution
}

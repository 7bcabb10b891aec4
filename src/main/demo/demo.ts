import type { DemoCampaign, DemoStarted } from '../../shared/ipc'
import type { Simulator, SimulatorOptions } from '../../simulator'
import { wipeCacheFiles } from '../core/cache'
import { PerkPackError } from '../core/system/perkpack-errors'
import { MemorySecretStore } from '../core/session/secrets'
import { DEMO_PROFILE } from '../session/connection'
import type { Connection } from '../session/connection'
import { seedDemoCatalog } from './demo-catalog'

/**
 * The bundled simulator, started once per run, signed in as its demo team member. Its URLs
 * and tokens are this run's only (memory, not the keychain or settings.json): after a restart
 * the simulator is gone, and the app should be where the person left their own account.
 */
export class DemoDesk {
  private sim: Promise<Simulator> | null = null
  /** The demo team member's campaigns, once the simulator runs: offered to pick by name. */
  /** With each campaign's currency, which its simulated campaign object carries. */
  private campaigns: (DemoCampaign & { currency: unknown })[] = []

  constructor(
    private readonly connection: Connection,
    private readonly dataDir: string,
    /** Tests shrink the demo; the app uses 5,000 contributions, 25 ms of latency, 3 % drift. */
    private readonly options: Partial<SimulatorOptions> = {},
  ) {}

  async start(): Promise<DemoStarted> {
    const firstStart = this.sim === null
    this.sim ??= import('../../simulator')
      .then(({ startSimulator }) =>
        startSimulator({
          contributions: 5000,
          faults: { latencyMs: 25 },
          // A little real-world drift, so every screen shows how odd rows and problem rows look.
          drift: 0.03,
          ...this.options,
        }),
      )
      .catch((error: unknown) => {
        this.sim = null
        throw new PerkPackError(
          'demo_failed',
          `The demo could not start (${error instanceof Error ? error.message : String(error)}).`,
          { cause: error },
        )
      })
    const sim = await this.sim
    const connection = this.connection
    if (connection.closed) throw new PerkPackError('closing', 'PerkPack is closing.')
    if (!connection.inDemo) {
      const store = new MemorySecretStore()
      const session = connection.newSession(sim, sim.credentials.email, store)
      await session.setApiToken(sim.credentials.apiToken)
      await session.signIn(sim.credentials.password)
      // From here on synchronous, so no request can open the wrong host's cache in between.
      connection.leaveHost()
      // A previous run's demo cache belongs to a simulator that no longer exists.
      if (firstStart) wipeCacheFiles(this.dataDir, DEMO_PROFILE)
      connection.switchTo(
        { baseUrl: sim.baseUrl, authUrl: sim.authUrl, source: 'settings' },
        session,
        store,
      )
      await connection.unlockCache()
    }
    const demoAccount = sim.dataset.users[0]?.accountId
    const campaignIds = sim.campaignIds.filter(
      (id) => demoAccount !== undefined && sim.dataset.teams.get(id)?.has(demoAccount),
    )
    this.campaigns = campaignIds.map((campaignId) => {
      const campaign = sim.dataset.campaigns.find((c) => c.id === campaignId)
      return {
        campaignId,
        name: campaign?.title ?? `Campaign ${campaignId}`,
        currency: campaign?.currency,
      }
    })
    const primary = campaignIds[0]
    // A catalogue to look at from the first click (demo-catalog.ts); the person's edits stay.
    if (primary !== undefined) seedDemoCatalog(connection.cache(), sim.dataset, primary)
    const jobIds = sim.dataset.jobs.filter((job) => job.campaignId === primary).map((j) => j.jobId)
    return { ...(await connection.sessionInfo()), campaignIds, jobIds }
  }

  /** The demo's campaigns with the titles and currencies its data gives; empty outside it. */
  knownCampaigns(): (DemoCampaign & { currency: unknown })[] {
    return this.connection.inDemo ? this.campaigns : []
  }

  /** Stops the simulator, if this run started one. */
  async dispose(): Promise<void> {
    const sim = this.sim
    this.sim = null
    if (sim) await sim.then((s) => s.close()).catch(() => undefined)
  }
}

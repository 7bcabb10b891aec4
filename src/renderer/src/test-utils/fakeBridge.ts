import { vi } from 'vitest'
import type { Mock } from 'vitest'
import { BRIDGE_EVENTS, BRIDGE_METHODS, BridgeError } from '@shared/ipc'
import type {
  AppSettings,
  CampaignSummary,
  IpcArgs,
  IpcEnvelope,
  IpcErrorCode,
  IpcEventName,
  IpcEvents,
  IpcResult,
  PerkPackBridge,
  SessionInfo,
  SyncSummary,
  WatchedJob,
} from '@shared/ipc'

type Methods = typeof BRIDGE_METHODS
export type BridgeMethod = keyof Methods

/** A handler answers plain values (or throws); the fake wraps them in envelopes like main does. */
export type FakeHandlers = {
  [M in BridgeMethod]: (
    ...args: IpcArgs<Methods[M]>
  ) => IpcResult<Methods[M]> | Promise<IpcResult<Methods[M]>>
}

export interface FakeBridge {
  /** The object to put on `window.perkpack`; every method is a vi.fn for assertions. */
  bridge: PerkPackBridge
  /** The same methods, typed as mocks. */
  calls: { [M in BridgeMethod]: Mock<PerkPackBridge[M]> }
  /** Deliver an event to every listener subscribed through the bridge. */
  emit<E extends IpcEventName>(event: E, payload: IpcEvents[E]): void
  listenerCount(event: IpcEventName): number
}

export const NOW = '2024-05-01T12:00:00.000Z'

export function sessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    signedIn: true,
    email: 'staff@perkpack.test',
    privileged: true,
    expiresAt: null,
    demo: false,
    secretStore: 'the OS keychain',
    secretStoreWarning: null,
    settingsWarning: null,
    ...overrides,
  }
}

export function campaignSummary(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    campaignId: 1001,
    title: 'Tidepool',
    count: 5000,
    problemCount: 0,
    lastSyncedAt: NOW,
    privileged: true,
    source: null,
    ...overrides,
  }
}

export function syncSummary(overrides: Partial<SyncSummary> = {}): SyncSummary {
  return {
    campaignId: 1001,
    count: 5000,
    problemCount: 0,
    pagesFetched: 167,
    elapsedMs: 8200,
    shrink: null,
    floorLeftBehind: 0,
    notOnTeam: false,
    ...overrides,
  }
}

export function watchedJob(overrides: Partial<WatchedJob> = {}): WatchedJob {
  return {
    campaignId: 1001,
    jobId: 'job-1',
    status: { status: 'queued', message: 'Queued', number_processed: 0, total: 100 },
    updatedAt: NOW,
    done: false,
    error: null,
    ...overrides,
  }
}

/** Makes a handler fail the way main reports failures. */
export function fail(code: IpcErrorCode, message: string): never {
  throw new BridgeError(code, message)
}

/** What a fresh app answers; a channel without a default answers 'internal' until a test overrides it. */
function defaults(): Partial<FakeHandlers> {
  let settings: AppSettings = {
    baseUrl: 'http://127.0.0.1:4010',
    authUrl: 'http://127.0.0.1:4010',
    concurrency: 4,
    theme: 'system',
    labelLayout: 'avery5160',
    labelOffsetMm: { x: 0, y: 0 },
    labelOrder: 'variant',
    labelSummary: false,
    slipPaper: 'letter',
    slipBatchSize: 500,
    slipFooterNote: '',
    senderCountry: 'US',
    returnAddress: {},
    staleAfterHours: 24,
    stationName: 'Desk A',
    teamUrl: '',
  }
  const signedOut = sessionInfo({ signedIn: false, email: null, privileged: false })
  return {
    appInfo: () => ({
      name: 'PerkPack',
      version: '0.1.0',
      baseUrl: settings.baseUrl,
      authUrl: settings.authUrl,
      source: 'environment',
      harness: true,
    }),
    getSettings: () => settings,
    updateSettings: (patch) => (settings = { ...settings, ...patch }),
    sessionStatus: () => signedOut,
    signIn: (input) =>
      sessionInfo({ email: input.email || null, privileged: Boolean(input.email) }),
    reauthenticate: () => sessionInfo(),
    signOut: () => signedOut,
    startDemo: () => ({ ...sessionInfo({ demo: true }), campaignIds: [1001], jobIds: ['job-1'] }),
    recentCampaigns: () => [],
    syncCampaign: ({ campaignId }) =>
      syncSummary({ campaignId, count: 0, pagesFetched: 0, elapsedMs: 0 }),
    cancelSync: () => true,
    pendingShrink: () => null,
    resolveShrink: ({ campaignId }) => syncSummary({ campaignId }),
    problemRows: ({ campaignId }) => ({
      campaignId,
      title: 'Tidepool',
      lastSyncedAt: NOW,
      count: 0,
      problemCount: 0,
      rows: [],
    }),
    openOrders: ({ campaignId }) => ({
      campaign: campaignSummary({ campaignId, count: 0 }),
      countries: [],
      statuses: [],
      countryCounts: [],
    }),
    queryOrders: () => ({
      resultId: 1,
      count: 0,
      rows: [],
      tree: [],
      totals: { orders: 0, units: 0, variants: 0 },
      pickList: [],
      pickListTotals: { orders: 0, units: 0, variants: 0 },
      pickListLeftOut: { nothingToShip: 0, noAddress: 0 },
      pickListByHand: [],
      packedButStopped: 0,
      skus: [],
      perkOverlap: [],
      hasPickList: true,
    }),
    orderRows: () => [],
    orderDetail: () => fail('not_found', 'That order is not in the offline copy.'),
    listJobs: () => [],
    watchJob: ({ campaignId, jobId }) => watchedJob({ campaignId, jobId, status: null }),
    unwatchJob: () => [],
    signups: ({ campaignId }) => ({ campaignId, signups: [], savedAt: NOW, offline: false }),
    accountContributions: ({ accountId }) => ({
      visible: true,
      accountId: String(accountId),
      contributions: [],
      unreadable: 0,
      count: 0,
    }),
    networkStatus: () => ({ online: true, since: NOW }),
    openExternal: () => true,
    runChecks: () => [],
    exportExcel: () => null,
    exportCsv: () => null,
    previewLabels: () => ({
      html: '',
      labels: 0,
      pages: 0,
      skipped: [],
      warnings: [],
      skippedCount: 0,
      leftOut: { nothingToShip: 0, noAddress: 0 },
      warningCount: 0,
      pageWidthPx: 816,
      pageHeightPx: 1056,
      skippedReasons: [],
      layout: 'avery5160',
    }),
    smallLabelAddresses: ({ layout }) => ({
      layout,
      readablePt: 7,
      count: 0,
      smallestPt: null,
      orders: [],
      contributionIds: [],
    }),
    printLabels: () => ({ printed: false }),
    saveLabelsPdf: () => null,
    previewSlips: () => ({
      html: '',
      slips: 0,
      skippedCount: 0,
      batchSize: 500,
      batches: [],
      pageWidthPx: 816,
      pageHeightPx: 1056,
    }),
    printSlips: () => ({ printed: false }),
    saveSlipsPdf: () => null,
    saveCustomsPdf: () => null,
    cancelSlips: () => false,
    openCampaign: ({ campaignId }) => ({
      campaignId,
      name: `Campaign ${campaignId}`,
      offlineCopy: false,
      checked: true,
    }),
    renameCampaign: ({ campaignId, name }) => ({ campaignId, name }),
    demoCampaigns: () => [],
    previewDashboardImport: () => null,
    importDashboardFile: () => fail('dashboard_preview_gone', 'Choose the file again.'),
    discardDashboardPreview: () => true,
    printPickList: () => ({ printed: false }),
    savePickListPdf: () => null,
    teamSetup: () => ({ url: null, passwordStored: false, desk: 'Desk A' }),
    configureTeam: ({ url, password }) => ({
      url: url === '' ? null : url,
      passwordStored: password !== undefined && password !== '',
      desk: 'Desk A',
    }),
    testTeam: ({ url }) => ({
      ok: false,
      url,
      schemaVersion: null,
      knownVersion: 2,
      desks: [],
      outbox: 0,
      message: 'The team store cannot be reached.',
    }),
    forgetTeam: () => ({ url: null, passwordStored: false, desk: 'Desk A' }),
    teamStatus: () => null,
    settleTeamConflict: () => 0,
    sendTeamQueued: () => ({ actions: 0, packs: 0 }),
  }
}

async function envelope<T>(run: () => T | Promise<T>): Promise<IpcEnvelope<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (e) {
    if (e instanceof BridgeError) return { ok: false, error: { code: e.code, message: e.message } }
    return { ok: false, error: { code: 'internal', message: (e as Error).message } }
  }
}

/**
 * A complete `PerkPackBridge` for tests: every method answers envelopes like main (defaults are
 * a signed-out, empty app), `overrides` replace single methods with plain-value handlers, and
 * `emit` plays the events main would send. Installs itself on `window.perkpack` unless told not to.
 */
export function fakeBridge(
  overrides: Partial<FakeHandlers> = {},
  options: { install?: boolean } = {},
): FakeBridge {
  const handlers = { ...defaults(), ...overrides } as Record<string, (...a: unknown[]) => unknown>
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const bridge: Record<string, unknown> = {}
  for (const method of Object.keys(BRIDGE_METHODS)) {
    bridge[method] = vi.fn((...args: unknown[]) => envelope(() => handlers[method]!(...args)))
  }
  for (const [method, event] of Object.entries(BRIDGE_EVENTS)) {
    bridge[method] = vi.fn((listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    })
  }
  const fake: FakeBridge = {
    bridge: bridge as PerkPackBridge,
    calls: bridge as FakeBridge['calls'],
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  }
  if (options.install !== false) window.perkpack = fake.bridge
  return fake
}

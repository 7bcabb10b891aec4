import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type {
  TeamCheck,
  TeamFloorStatus,
  TeamQueuedLeft,
  TeamSetup,
  TeamSetupRequest,
} from '@shared/ipc'
import { api } from '@renderer/api'
import { trackRequest } from '@renderer/lib/track-request'
import { useFloorProgressStore } from '@renderer/stores/floor-progress'
import { useOrdersStore } from '@renderer/stores/orders'
import { useWavesStore } from '@renderer/stores/waves'

/** Another desk's actions come in bursts: one refresh per burst, soon after it. */
const REFRESH_DELAY_MS = 400

/**
 * Team mode in the renderer: Settings → Team (the URL, whether a password is kept, the test),
 * the Progress view's team line, and the live refresh of Progress, Orders and Waves (stock and
 * the wave list) on `team:changed`.
 */
export const useTeamStore = defineStore('team', () => {
  const config = shallowRef<TeamSetup | null>(null)
  const check = shallowRef<TeamCheck | null>(null)
  const status = shallowRef<TeamFloorStatus | null>(null)
  const saving = ref(false)
  const testing = ref(false)
  const statusLoading = ref(false)
  const error = ref<string | null>(null)
  const statusError = ref<string | null>(null)

  const take = (answer: TeamSetup) => {
    config.value = answer
    check.value = null
  }

  async function load(): Promise<void> {
    await trackRequest(() => api().teamSetup(), { error, apply: take })
  }

  async function configure(request: TeamSetupRequest): Promise<boolean> {
    const outcome = await trackRequest(() => api().configureTeam(request), {
      busy: saving,
      error,
      apply: take,
    })
    return outcome.ok
  }

  async function forget(): Promise<boolean> {
    const outcome = await trackRequest(() => api().forgetTeam(), {
      busy: saving,
      error,
      apply: take,
    })
    return outcome.ok
  }

  async function test(request: TeamSetupRequest): Promise<void> {
    check.value = null
    await trackRequest(() => api().testTeam(request), {
      busy: testing,
      error,
      apply: (answer) => (check.value = answer),
    })
  }

  async function loadStatus(): Promise<void> {
    await trackRequest(() => api().teamStatus(), {
      busy: statusLoading,
      error: statusError,
      apply: (answer) => (status.value = answer),
    })
  }

  async function settle(campaignId: number, orderId: number): Promise<void> {
    await trackRequest(() => api().settleTeamConflict({ campaignId, orderId }), {
      error: statusError,
    })
    await loadStatus()
  }

  /** The views showing the floor ask again when another desk changed their campaign. */
  function listen(): () => void {
    const touched = new Set<number>()
    let timer: ReturnType<typeof setTimeout> | null = null
    const flush = () => {
      timer = null
      const orders = useOrdersStore()
      const floor = useFloorProgressStore()
      if (orders.campaignId !== null && touched.has(orders.campaignId)) void orders.query()
      if (floor.campaignId !== null && touched.has(floor.campaignId))
        void floor.load(floor.campaignId)
      // Another desk's stock count, pack or wave (the floor plan's log, docs/team-mode.md).
      const waves = useWavesStore()
      if (waves.campaignId !== null && touched.has(waves.campaignId)) void waves.load()
      if (status.value !== null) void loadStatus()
      touched.clear()
    }
    const off = api().onTeamChanged(({ campaignId }) => {
      touched.add(campaignId)
      timer ??= setTimeout(flush, REFRESH_DELAY_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }

  /** Sends the queued actions before sign-out; null when main could not say. */
  async function sendQueued(): Promise<TeamQueuedLeft | null> {
    try {
      return await api().sendTeamQueued()
    } catch {
      return null
    }
  }

  return {
    config,
    check,
    status,
    saving,
    testing,
    statusLoading,
    error,
    statusError,
    load,
    configure,
    forget,
    test,
    loadStatus,
    settle,
    sendQueued,
    listen,
  }
})

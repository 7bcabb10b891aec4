import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type {
  IpcErrorCode,
  StockImportResult,
  StockRow,
  WaveParcels,
  WaveProposal,
  WaveSummary,
} from '@shared/ipc'
import type { WavePriority } from '@shared/waves/wave-planner'
import type { StockChange } from '@shared/waves/wave-types'
import { api } from '@renderer/api'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'
import { trackRequest } from '@renderer/lib/track-request'
import { sendPickedFile } from './floor-tracking'

const NOT_SYNCED: IpcErrorCode = 'campaign_not_synced'

/**
 * Stock on hand and the waves of the open campaign (issue 28), as main keeps them in the floor's
 * plan: the Waves view's stock table, planner and list, and the wave choice of the Orders filter.
 * A proposal is what a wave planned now would hold; any change of stock or of the planner's
 * choices drops it, so "Save as wave" never saves a plan the person did not see.
 */
export const useWavesStore = defineStore('waves', () => {
  const campaignId = ref<number | null>(null)
  const stock = shallowRef<readonly StockRow[]>([])
  const waves = shallowRef<readonly WaveSummary[]>([])
  const loading = ref(false)
  const error = ref<string | null>(null)
  const notSynced = ref(false)

  const savingLevel = ref<string | null>(null)
  const stockError = ref<string | null>(null)
  const importing = ref(false)
  const imported = shallowRef<StockImportResult | null>(null)
  const history = shallowRef<{ variantKey: string; changes: readonly StockChange[] } | null>(null)

  const priority = ref<WavePriority>('order-number')
  const partial = ref(false)
  const proposal = shallowRef<WaveProposal | null>(null)
  const proposing = ref(false)
  const saving = ref(false)
  const planError = ref<string | null>(null)
  const closing = ref<string | null>(null)
  const listError = ref<string | null>(null)
  /** The orders of a wave that ship in part, opened from the list; the wave being opened. */
  const parcels = shallowRef<WaveParcels | null>(null)
  const openingParcels = ref<string | null>(null)

  const loads = useLatestRequest()
  const openWaves = computed(() => waves.value.filter((wave) => wave.status === 'open'))

  function clearCampaign(): void {
    stock.value = []
    waves.value = []
    imported.value = null
    history.value = null
    proposal.value = null
    parcels.value = null
    for (const message of [error, stockError, planError, listError]) message.value = null
    notSynced.value = false
  }

  /** The open campaign changed (null: none): everything of the other one goes. */
  async function forCampaign(id: number | null): Promise<void> {
    if (id !== campaignId.value) {
      clearCampaign()
      campaignId.value = id
    }
    if (id === null) {
      loads.drop()
      return
    }
    await load()
  }

  async function load(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    await loads.run(
      () =>
        Promise.all([api().stockLevels({ campaignId: id }), api().listWaves({ campaignId: id })]),
      {
        busy: loading,
        error,
        quiet: [NOT_SYNCED],
        apply: ([levels, list]) => {
          stock.value = levels.rows
          waves.value = list
          notSynced.value = false
        },
        failed: ({ code }) => (notSynced.value = code === NOT_SYNCED),
      },
    )
  }

  /** Only the list of waves (the Orders filter's wave choice), for campaign `id`. */
  async function loadList(id: number | null): Promise<void> {
    if (id !== campaignId.value) {
      clearCampaign()
      campaignId.value = id
    }
    if (id === null) return
    await trackRequest(() => api().listWaves({ campaignId: id }), {
      error: listError,
      quiet: [NOT_SYNCED],
      apply: (list) => {
        if (campaignId.value === id) waves.value = list
      },
    })
  }

  async function setLevel(row: StockRow, quantity: number): Promise<void> {
    const id = campaignId.value
    if (id === null || quantity === row.quantity) return
    savingLevel.value = row.variantKey
    const { skuCode, choices } = row
    await trackRequest(() => api().setStockLevel({ campaignId: id, skuCode, choices, quantity }), {
      error: stockError,
      apply: (answer) => {
        stock.value = answer.rows
        proposal.value = null
      },
    })
    savingLevel.value = null
  }

  async function importFile(file: File): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    imported.value = null
    await sendPickedFile(
      file,
      { busy: importing, error: stockError },
      (picked) => api().importStock({ campaignId: id, ...picked }),
      (answer) => {
        imported.value = answer
        stock.value = answer.stock.rows
        proposal.value = null
      },
    )
  }

  async function showHistory(variantKey: string | null): Promise<void> {
    const id = campaignId.value
    if (id === null || variantKey === null) {
      history.value = null
      return
    }
    await trackRequest(() => api().stockHistory({ campaignId: id, variantKey }), {
      error: stockError,
      apply: (changes) => (history.value = { variantKey, changes }),
    })
  }

  function choose(next: { priority?: WavePriority; partial?: boolean }): void {
    if (next.priority !== undefined) priority.value = next.priority
    if (next.partial !== undefined) partial.value = next.partial
    proposal.value = null
  }

  const planRequest = (id: number) => ({
    campaignId: id,
    priority: priority.value,
    partial: partial.value,
  })

  async function propose(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    await trackRequest(() => api().proposeWave(planRequest(id)), {
      busy: proposing,
      error: planError,
      apply: (answer) => (proposal.value = answer),
    })
  }

  /** Saves the proposal shown under `name`; true when saved. */
  async function save(name: string): Promise<boolean> {
    const id = campaignId.value
    if (id === null || proposal.value === null) return false
    const outcome = await trackRequest(
      () => api().saveWave({ ...planRequest(id), name: name.trim() }),
      { busy: saving, error: planError, apply: () => (proposal.value = null) },
    )
    if (outcome.ok) await load()
    return outcome.ok
  }

  async function close(name: string): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    closing.value = name
    await trackRequest(() => api().closeWave({ campaignId: id, name }), {
      error: listError,
      apply: (list) => (waves.value = list),
    })
    closing.value = null
  }

  /** The orders of wave `name` that ship in part, each with its parcel (null: closes them). */
  async function showParcels(name: string | null): Promise<void> {
    const id = campaignId.value
    parcels.value = null
    if (id === null || name === null) return
    openingParcels.value = name
    await trackRequest(() => api().waveParcels({ campaignId: id, name }), {
      error: listError,
      apply: (answer) => {
        if (campaignId.value === id) parcels.value = answer
      },
    })
    openingParcels.value = null
  }

  return {
    campaignId,
    stock,
    waves,
    openWaves,
    loading,
    error,
    notSynced,
    savingLevel,
    stockError,
    importing,
    imported,
    history,
    priority,
    partial,
    proposal,
    proposing,
    saving,
    planError,
    closing,
    listError,
    parcels,
    openingParcels,
    forCampaign,
    load,
    loadList,
    setLevel,
    importFile,
    showHistory,
    choose,
    propose,
    save,
    close,
    showParcels,
  }
})

import { computed, ref, shallowRef } from 'vue'
import type { StationOrder, StationWarning } from '@shared/ipc'
import { isComplete, unitsNeeded, unitsTicked } from '@renderer/lib/station-checklist'
import type { Ticks } from '@renderer/lib/station-checklist'
import type { StationState } from '@renderer/lib/station-decision'
import type { PackQuestion, StationPhase } from '@renderer/lib/station-phases'
import { playStationSound } from '@renderer/lib/station-sound'
import type { StationSound } from '@renderer/lib/station-sound'

/**
 * The pack station's box: the order on it, the units ticked, its warnings and the question
 * before a pack, and the sound each makes. State only; the station's store acts on it.
 */
export function useStationBox() {
  const order = shallowRef<StationOrder | null>(null)
  const ticks = ref<Ticks>({})
  /** The open order's own warnings (last sync, floor record): shown while it is open. */
  const orderWarnings = shallowRef<StationWarning[]>([])
  /** The last scan's warning (wrong item, too many, unknown code): until the next good scan. */
  const scanWarnings = shallowRef<StationWarning[]>([])
  const question = ref<PackQuestion | null>(null)
  /** The last sound, counted so two alike in a row are told apart (tests, the view's flash). */
  const signal = ref<{ sound: StationSound; seq: number } | null>(null)

  const warnings = computed(() => [...orderWarnings.value, ...scanWarnings.value])
  const needed = computed(() => unitsNeeded(order.value?.lines ?? []))
  const ticked = computed(() => unitsTicked(order.value?.lines ?? [], ticks.value))
  const complete = computed(() => isComplete(order.value?.lines ?? [], ticks.value))

  function sound(kind: StationSound): void {
    signal.value = { sound: kind, seq: (signal.value?.seq ?? 0) + 1 }
    playStationSound(kind)
  }

  function warn(list: StationWarning[], where: 'order' | 'scan'): void {
    if (where === 'order') orderWarnings.value = list
    else scanWarnings.value = list
    if (list.length > 0) sound('warning')
  }

  /** What `decideScan` reads of the box, in the station's phase. */
  function scanState(phase: StationPhase): StationState {
    const lines = order.value?.lines ?? []
    return { phase, orderId: order.value?.orderId ?? null, lines, ticks: ticks.value }
  }

  return {
    order,
    ticks,
    orderWarnings,
    scanWarnings,
    question,
    signal,
    warnings,
    needed,
    ticked,
    complete,
    sound,
    warn,
    scanState,
  }
}

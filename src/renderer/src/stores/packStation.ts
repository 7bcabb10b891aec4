import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { parseScanCode, stopsPacking } from '@shared/floor/station-scan'
import type { StationOrder, StationSession, StationUndoStep, StationWarning } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'
import {
  fitTicks,
  isComplete,
  orderLabel,
  scanItem,
  tooMany,
  unitsNeeded,
  unitsTicked,
} from '@renderer/lib/station-checklist'
import type { Ticks } from '@renderer/lib/station-checklist'
import { playStationSound, warmStationSound } from '@renderer/lib/station-sound'
import type { StationSound } from '@renderer/lib/station-sound'
import { info } from '@renderer/lib/station-phases'
import type { PackQuestion, StationNotice, StationPhase } from '@renderer/lib/station-phases'

const MAX_UNDO = 200

export const usePackStationStore = defineStore('packStation', () => {
  const campaignId = ref<number | null>(null)
  const phase = ref<StationPhase>('idle')
  /**
   * While the station opens on a campaign (main reads its orders and builds the scan index): a
   * slip scanned now waits for it, so the station does not say it is ready before it is.
   */
  const opening = ref(false)
  const order = shallowRef<StationOrder | null>(null)
  const ticks = ref<Ticks>({})
  /** The open order's own warnings (last sync, floor record): shown while it is open. */
  const orderWarnings = shallowRef<StationWarning[]>([])
  /** The last scan's warning (wrong item, too many, unknown code): until the next good scan. */
  const scanWarnings = shallowRef<StationWarning[]>([])
  const question = ref<PackQuestion | null>(null)
  const notice = ref<StationNotice | null>(null)
  const error = ref<string | null>(null)
  const undoSteps = ref<StationUndoStep[]>([])
  const packed = ref(0)
  const startedAt = ref(new Date().toISOString())
  const askTracking = ref(false)
  const carrier = ref('')
  /** The order packed last: where a tracking number goes. */
  const lastPacked = shallowRef<StationOrder | null>(null)
  /** The last sound, counted so two alike in a row are told apart (tests, the view's flash). */
  const signal = ref<{ sound: StationSound; seq: number } | null>(null)
  const busy = ref(false)
  let queue: Promise<unknown> = Promise.resolve()

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

  function session(): StationSession {
    return {
      orderId: order.value?.orderId ?? null,
      ticks: { ...ticks.value },
      undo: undoSteps.value.slice(-MAX_UNDO),
      packed: packed.value,
      startedAt: startedAt.value,
      askTracking: askTracking.value,
      carrier: carrier.value,
    }
  }

  /** After every action: the app closed mid-order opens again on the same box. */
  async function persist(): Promise<void> {
    if (campaignId.value === null) return
    try {
      await api().saveStationSession({ campaignId: campaignId.value, session: session() })
    } catch (e) {
      error.value = `The station could not save its progress: ${errorMessage(e)}`
    }
  }

  /** One action at a time, in the order typed: a scanner types faster than main answers. */
  function serial<T>(run: () => Promise<T>): Promise<T> {
    const next = queue.then(async () => {
      busy.value = true
      try {
        return await run()
      } catch (e) {
        error.value = errorMessage(e)
        sound('warning')
        return undefined as T
      } finally {
        busy.value = false
      }
    })
    queue = next
    return next
  }

  function pushUndo(step: StationUndoStep): void {
    undoSteps.value = [...undoSteps.value, step].slice(-MAX_UNDO)
  }

  function openOrder(next: StationOrder, list: StationWarning[], kept: Ticks = {}): void {
    if (order.value && order.value.orderId !== next.orderId && ticked.value > 0) {
      const left = order.value
      notice.value = info(
        `Order ${orderLabel(left)} was put aside unpacked: scan its slip to go on.`,
      )
    }
    order.value = next
    ticks.value = fitTicks(next.lines, kept)
    phase.value = 'order'
    question.value = null
    scanWarnings.value = []
    // Undo is for the last action: once the next slip is scanned, ticks and packs before it
    // are past (a pack is undone from the Orders view or with perkpack unpack).
    undoSteps.value = []
    warn(list, 'order')
  }

  /** Opens the station on a campaign: the order and ticks it was left with, if any. */
  async function load(id: number): Promise<void> {
    if (campaignId.value === id) return
    reset()
    campaignId.value = id
    opening.value = true
    warmStationSound()
    await serial(async () => {
      const saved = await api()
        .stationSession({ campaignId: id })
        .finally(() => (opening.value = false))
      if (!saved) return
      packed.value = saved.packed
      startedAt.value = saved.startedAt
      askTracking.value = saved.askTracking
      carrier.value = saved.carrier
      undoSteps.value = saved.undo
      if (saved.orderId === null) return
      const scan = await api().scanOrder({ campaignId: id, code: String(saved.orderId) })
      if (scan.found) {
        openOrder(scan.order, scan.warnings, saved.ticks)
        undoSteps.value = saved.undo
      }
    })
  }

  function reset(): void {
    phase.value = 'idle'
    order.value = null
    ticks.value = {}
    orderWarnings.value = []
    scanWarnings.value = []
    question.value = null
    notice.value = null
    error.value = null
    undoSteps.value = []
    packed.value = 0
    startedAt.value = new Date().toISOString()
    lastPacked.value = null
  }

  /** Signed out: on no campaign, so the next one's is read afresh (ids may repeat). */
  function close(): void {
    reset()
    campaignId.value = null
  }

  /** What the scan field sends on Enter: a code, or nothing (pack, confirm, skip). */
  function submit(raw: string): Promise<void> {
    return serial(async () => {
      error.value = null
      const code = raw.trim()
      if (code === '') return enter()
      if (phase.value === 'tracking') return addTracking(code)
      if (phase.value === 'confirm') phase.value = 'order'
      question.value = null
      const current = order.value
      if (current) {
        const item = scanItem(current.lines, ticks.value, code)
        if (item.kind === 'ticked') return changeTick(item.key, 1)
        if (item.kind === 'too-many') return warn([tooMany(item.line)], 'scan')
      }
      await lookUp(code, current !== null)
    })
  }

  async function lookUp(code: string, orderOpen: boolean): Promise<void> {
    if (campaignId.value === null) return
    const scan = await api().scanOrder({ campaignId: campaignId.value, code })
    if (scan.found) {
      notice.value = null
      openOrder(scan.order, scan.warnings)
      if (scan.warnings.length === 0) sound('tick')
      return persist()
    }
    // With a box open, a code that is no order is most likely an item that does not belong.
    const parsed = parseScanCode(code)
    warn(
      orderOpen && parsed.kind !== 'sequence' ? [{ kind: 'wrong-item', code }] : scan.warnings,
      'scan',
    )
  }

  async function enter(): Promise<void> {
    if (phase.value === 'tracking') {
      phase.value = 'idle'
      return persist()
    }
    if (phase.value === 'confirm') return pack()
    if (phase.value === 'order') return requestPack()
  }

  /** Enter on an order: packs a complete box, asks first about a short one or a warned one. */
  async function requestPack(): Promise<void> {
    const current = order.value
    if (!current) return
    const packedBefore = orderWarnings.value.find((w) => w.kind === 'already-packed')
    if (packedBefore) return warn([...orderWarnings.value], 'order')
    const warned = orderWarnings.value.some(stopsPacking) || current.lines.length === 0
    if (complete.value && !warned) return pack()
    question.value = { short: needed.value - ticked.value, warned }
    phase.value = 'confirm'
    sound('warning')
  }

  async function pack(): Promise<void> {
    const current = order.value
    if (!current || campaignId.value === null) return
    question.value = null
    const result = await api().packOrder({ campaignId: campaignId.value, orderId: current.orderId })
    if (!result.packed) {
      const { station, packedAt } = result.state
      phase.value = 'order'
      warn([{ kind: 'already-packed', station, at: packedAt ?? new Date().toISOString() }], 'order')
      return persist()
    }
    pushUndo({ kind: 'pack', orderId: current.orderId, ticks: { ...ticks.value } })
    packed.value += 1
    lastPacked.value = { ...current, floor: result.state }
    // Team mode while the team store is away: packed here, sent when it is back.
    notice.value = result.queued
      ? info(`Packed ${orderLabel(current)} at ${result.station}; ${result.queued}.`)
      : { text: `Packed ${orderLabel(current)} at ${result.station}.`, tone: 'success' }
    order.value = null
    ticks.value = {}
    orderWarnings.value = []
    scanWarnings.value = []
    phase.value = askTracking.value ? 'tracking' : 'idle'
    sound('packed')
    return persist()
  }

  async function addTracking(trackingNumber: string): Promise<void> {
    const target = lastPacked.value
    if (!target || campaignId.value === null) {
      phase.value = 'idle'
      return
    }
    const result = await api().addTracking({
      campaignId: campaignId.value,
      orderId: target.orderId,
      trackingNumber,
      carrier: carrier.value,
    })
    notice.value = result.added
      ? {
          text: `Tracking number ${trackingNumber} saved for ${orderLabel(target)}.`,
          tone: 'success',
        }
      : info(`${orderLabel(target)} already had tracking number ${trackingNumber}.`)
    phase.value = 'idle'
    sound('tick')
    return persist()
  }

  async function changeTick(key: string, delta: 1 | -1, record = true): Promise<void> {
    const line = order.value?.lines.find((l) => l.key === key)
    if (!line) return
    const now = ticks.value[key] ?? 0
    const next = now + delta
    if (next < 0) return
    if (next > line.quantity) {
      return warn([tooMany(line)], 'scan')
    }
    ticks.value = { ...ticks.value, [key]: next }
    if (record) pushUndo({ kind: 'tick', key, delta })
    scanWarnings.value = []
    if (phase.value === 'confirm') phase.value = 'order'
    question.value = null
    sound('tick')
    return persist()
  }

  /** +/- by hand, on a line of the open order. */
  function tick(key: string, delta: 1 | -1): Promise<void> {
    return serial(() => changeTick(key, delta))
  }

  /** Ctrl+Z: the last tick, or the last pack (the order comes back onto the station). */
  function undo(): Promise<void> {
    return serial(async () => {
      const step = undoSteps.value.at(-1)
      if (!step || campaignId.value === null) return
      undoSteps.value = undoSteps.value.slice(0, -1)
      if (step.kind === 'tick') return changeTick(step.key, step.delta === 1 ? -1 : 1, false)
      await api().unpackOrder({ campaignId: campaignId.value, orderId: step.orderId })
      packed.value = Math.max(0, packed.value - 1)
      const scan = await api().scanOrder({
        campaignId: campaignId.value,
        code: String(step.orderId),
      })
      if (scan.found) {
        const steps = undoSteps.value
        openOrder(scan.order, scan.warnings, step.ticks)
        undoSteps.value = steps
        notice.value = info(`Unpacked ${orderLabel(scan.order)}: it is back on the station.`)
      }
      return persist()
    })
  }

  /** Esc: back from the question to the box, or no tracking number for this parcel. */
  function cancel(): void {
    question.value = null
    if (phase.value === 'confirm') phase.value = 'order'
    else if (phase.value === 'tracking') phase.value = 'idle'
    scanWarnings.value = []
  }

  /** Puts the open order aside unpacked: the station is ready for the next slip. */
  function putAside(): Promise<void> {
    return serial(async () => {
      if (!order.value) return
      notice.value = info(`Order ${orderLabel(order.value)} put aside, not packed.`)
      order.value = null
      ticks.value = {}
      orderWarnings.value = []
      scanWarnings.value = []
      question.value = null
      phase.value = 'idle'
      undoSteps.value = []
      return persist()
    })
  }

  function setOptions(options: { askTracking?: boolean; carrier?: string }): Promise<void> {
    if (options.askTracking !== undefined) askTracking.value = options.askTracking
    if (options.carrier !== undefined) carrier.value = options.carrier
    return serial(persist)
  }

  /** Counters from zero (a new shift); the order on the station stays. */
  function newSession(): Promise<void> {
    packed.value = 0
    startedAt.value = new Date().toISOString()
    return serial(persist)
  }

  return {
    campaignId,
    phase,
    opening,
    order,
    ticks,
    warnings,
    question,
    notice,
    error,
    undoSteps,
    packed,
    startedAt,
    askTracking,
    carrier,
    lastPacked,
    signal,
    busy,
    needed,
    ticked,
    complete,
    load,
    close,
    submit,
    tick,
    undo,
    cancel,
    putAside,
    setOptions,
    newSession,
  }
})

import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { stopsPacking } from '@shared/floor/station-scan'
import type { StationOrder, StationSession, StationUndoStep, StationWarning } from '@shared/ipc'
import { api, errorMessage } from '@renderer/api'
import { fitTicks, orderLabel, tooMany } from '@renderer/lib/station-checklist'
import { CONFIRM_WORD, decideScan } from '@renderer/lib/station-decision'
import type { StationStep } from '@renderer/lib/station-decision'
import type { Ticks } from '@renderer/lib/station-checklist'
import { warmStationSound } from '@renderer/lib/station-sound'
import { useSerialQueue } from '@renderer/composables/useSerialQueue'
import { useStationBox } from '@renderer/composables/useStationBox'
import {
  askAgainText,
  cancelledText,
  info,
  putAsideText,
  trackingDroppedText,
} from '@renderer/lib/station-phases'
import type { StationNotice, StationPhase } from '@renderer/lib/station-phases'

const MAX_UNDO = 200

export const useFloorStationStore = defineStore('floorStation', () => {
  const campaignId = ref<number | null>(null)
  const phase = ref<StationPhase>('idle')
  /**
   * While the station opens on a campaign (main reads its orders and builds the scan index): a
   * slip scanned now waits for it, so the station does not say it is ready before it is.
   */
  const opening = ref(false)
  const box = useStationBox()
  const { order, ticks, orderWarnings, scanWarnings, question, signal, sound, warn } = box
  const { needed, ticked, complete } = box
  const notice = ref<StationNotice | null>(null)
  const error = ref<string | null>(null)
  const undoSteps = ref<StationUndoStep[]>([])
  const packed = ref(0)
  const startedAt = ref(new Date().toISOString())
  const askTracking = ref(false)
  const carrier = ref('')
  /** The order packed last: where a tracking number goes. */
  const lastPacked = shallowRef<StationOrder | null>(null)
  const { busy, serial } = useSerialQueue((e) => {
    error.value = errorMessage(e)
    sound('warning')
  })

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

  function pushUndo(step: StationUndoStep): void {
    undoSteps.value = [...undoSteps.value, step].slice(-MAX_UNDO)
  }

  /** Puts an order on the station: a box to fill, or (packed before) read-only, nothing ticks. */
  function openOrder(next: StationOrder, list: StationWarning[], kept: Ticks = {}): void {
    if (order.value && order.value.orderId !== next.orderId && ticked.value > 0) {
      notice.value = info(putAsideText(orderLabel(order.value)))
    }
    const readOnly = list.some((w) => w.kind === 'already-packed')
    order.value = next
    ticks.value = readOnly ? {} : fitTicks(next.lines, kept)
    phase.value = readOnly ? 'packed' : 'order'
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
      ;({ packed: packed.value, startedAt: startedAt.value, carrier: carrier.value } = saved)
      askTracking.value = saved.askTracking
      undoSteps.value = saved.undo
      if (saved.orderId === null) return
      const scan = await api().scanOrder({ campaignId: id, code: String(saved.orderId) })
      if (scan.found) {
        openOrder(scan.order, scan.warnings, saved.ticks)
        undoSteps.value = saved.undo
      }
    })
  }

  /** No order on the station any more (packed, put aside, a reset). */
  function clearOrder(next: StationPhase): void {
    order.value = null
    ticks.value = {}
    orderWarnings.value = []
    scanWarnings.value = []
    question.value = null
    phase.value = next
  }

  function reset(): void {
    clearOrder('idle')
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

  /**
   * What the scan field sends on Enter: a code, or nothing. What it means is decided by
   * `decideScan` (station-decision.ts), asking main only for codes that are no item of the box.
   */
  function submit(raw: string): Promise<void> {
    return serial(async () => {
      error.value = null
      let decision = decideScan(box.scanState(phase.value), raw)
      if (decision.step.kind === 'look-up' && campaignId.value !== null) {
        const scan = await api().scanOrder({ campaignId: campaignId.value, code: raw.trim() })
        decision = decideScan(box.scanState(phase.value), raw, scan)
      }
      const asked = decision.cancelsQuestion ? order.value : null
      if (asked) {
        // Said with the question's going (same render), and again after the scan's own words.
        question.value = null
        phase.value = 'order'
        notice.value = info(cancelledText(orderLabel(asked), raw.trim()))
      }
      const parcel = decision.dropsTracking ? lastPacked.value : null
      await act(decision.step)
      // Said last, over what the scan itself said: the box the question was about is not packed.
      if (asked) notice.value = info(cancelledText(orderLabel(asked), raw.trim()))
      if (parcel && order.value) {
        notice.value = info(trackingDroppedText(orderLabel(parcel), orderLabel(order.value)))
      }
    })
  }

  async function act(step: StationStep): Promise<void> {
    switch (step.kind) {
      case 'skip-tracking':
        phase.value = 'idle'
        return persist()
      case 'tracking-number':
        return addTracking(step.code)
      case 'request-pack':
        return requestPack()
      case 'ask-again':
        notice.value = info(askAgainText(CONFIRM_WORD))
        return sound('warning')
      case 'confirm-pack':
        return pack(true)
      case 'say-packed':
        return warn([...orderWarnings.value], 'order')
      case 'tick':
        return changeTick(step.key, 1)
      case 'too-many':
      case 'wrong-item':
        return warn([step.warning], 'scan')
      case 'unknown-code':
        return warn(step.warnings, 'scan')
      case 'same-order':
        scanWarnings.value = []
        if (order.value)
          notice.value = info(`${orderLabel(order.value)} is open already: scan its items.`)
        return sound('tick')
      case 'open-order':
        notice.value = null
        openOrder(step.order, step.warnings)
        if (step.warnings.length === 0) sound('tick')
        return persist()
      case 'look-up':
      case 'nothing':
        return
    }
  }

  /**
   * Enter on an order: packs a complete box; a short one or a warned one (a status that does not
   * ship, nothing to ship) gets "Pack it anyway?", answered by a click or the typed word only.
   */
  async function requestPack(): Promise<void> {
    const current = order.value
    if (!current) return
    const warned = orderWarnings.value.some(stopsPacking) || current.lines.length === 0
    if (complete.value && !warned) return pack()
    question.value = { short: needed.value - ticked.value, warned }
    phase.value = 'confirm'
    sound('warning')
  }

  /** `anyway`: the person's yes to the question (main packs a stop order only with it). */
  async function pack(anyway = false): Promise<void> {
    const current = order.value
    if (!current || campaignId.value === null) return
    question.value = null
    // A refusal (a hold made on another desk since the scan) goes to the serial queue's handler.
    const request = { campaignId: campaignId.value, orderId: current.orderId, anyway }
    const result = await api().packOrder(request)
    if (!result.packed) {
      // Another desk (or process) packed it first: it turns read-only, naming who and when.
      const { station, packedAt } = result.state
      const at = packedAt ?? new Date().toISOString()
      const others = orderWarnings.value.filter((w) => w.kind !== 'already-packed')
      openOrder({ ...current, floor: result.state }, [
        ...others,
        { kind: 'already-packed', station, at },
      ])
      return persist()
    }
    pushUndo({ kind: 'pack', orderId: current.orderId, ticks: { ...ticks.value } })
    packed.value += 1
    lastPacked.value = { ...current, floor: result.state }
    // Team mode while the team store is away: packed here, sent when it is back.
    notice.value = result.queued
      ? info(`Packed ${orderLabel(current)} at ${result.station}; ${result.queued}.`)
      : { text: `Packed ${orderLabel(current)} at ${result.station}.`, tone: 'success' }
    clearOrder(askTracking.value ? 'tracking' : 'idle')
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
    const saved = `Tracking number ${trackingNumber} saved for ${orderLabel(target)}.`
    notice.value = result.added
      ? { text: saved, tone: 'success' }
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

  /** +/- by hand, on a line of the box being filled (not of an order packed before). */
  function tick(key: string, delta: 1 | -1): Promise<void> {
    return serial(async () => {
      if (phase.value === 'order' || phase.value === 'confirm') return changeTick(key, delta)
    })
  }

  /** "Pack anyway", clicked: the deliberate yes to the question (Enter never is one). */
  function confirmPack(): Promise<void> {
    return serial(async () => {
      if (phase.value === 'confirm') return pack(true)
    })
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
      // An order packed before was only shown: closing it puts nothing aside.
      notice.value =
        phase.value === 'packed'
          ? null
          : info(`Order ${orderLabel(order.value)} put aside, not packed.`)
      clearOrder('idle')
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
    warnings: box.warnings,
    needed,
    ticked,
    complete,
    load,
    close,
    submit,
    tick,
    confirmPack,
    undo,
    cancel,
    putAside,
    setOptions,
    newSession,
  }
})

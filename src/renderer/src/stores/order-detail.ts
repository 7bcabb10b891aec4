import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type { OrderDetail, OrderRow } from '@shared/ipc'
import type { AddressParts, ReshipItem } from '@shared/corrections/correction-types'
import type { ReshipDocument } from '@shared/ipc/floor-schemas'
import { api } from '@renderer/api'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'
import { useOrdersStore } from './orders'

/**
 * The drawer of one order of the open campaign: its full detail, asked of main when a row is
 * opened. It closes when the orders store opens another campaign or closes.
 */
export const useOrderDetailStore = defineStore('orderDetail', () => {
  const orders = useOrdersStore()
  const contributionId = ref<number | null>(null)
  /** The table row of the open order: the drawer can title itself before the detail arrives. */
  const row = shallowRef<OrderRow | null>(null)
  const detail = shallowRef<OrderDetail | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  const requests = useLatestRequest()

  async function open(id: number): Promise<void> {
    const campaignId = orders.campaignId
    if (campaignId === null) return
    contributionId.value = id
    row.value = orders.loadedRow(id)
    detail.value = null
    await requests.run(() => api().orderDetail({ campaignId, contributionId: id }), {
      busy: loading,
      error,
      apply: (answer) => (detail.value = answer),
    })
  }

  const floorBusy = ref(false)
  const floorError = ref<string | null>(null)

  /**
   * An edit of the open order's packing floor record, then the drawer and the table again: the
   * Floor column and filter follow at once.
   */
  async function editFloor(action: (campaignId: number, orderId: number) => Promise<unknown>) {
    const campaignId = orders.campaignId
    const id = contributionId.value
    const orderId = detail.value?.contribution.order.id
    if (campaignId === null || id === null || orderId === undefined) return
    floorBusy.value = true
    floorError.value = null
    try {
      await action(campaignId, orderId)
      const fresh = await api().orderDetail({ campaignId, contributionId: id })
      if (contributionId.value === id) detail.value = fresh
      await orders.setFilter(orders.toolbar)
    } catch (failure) {
      floorError.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      floorBusy.value = false
    }
  }

  const unpack = () =>
    editFloor((campaignId, orderId) => api().unpackOrder({ campaignId, orderId }))
  const addTracking = (trackingNumber: string, carrier: string) =>
    editFloor((campaignId, orderId) =>
      api().addTracking({ campaignId, orderId, trackingNumber, carrier }),
    )
  const saveNote = (note: string) =>
    editFloor((campaignId, orderId) => api().setFloorNote({ campaignId, orderId, note }))

  /**
   * A hold or an address correction (issue 28): main answers the order as it now ships, and the
   * table follows (status "Held on the floor", the corrected city).
   */
  async function editPlan(
    action: (campaignId: number, contributionId: number) => Promise<OrderDetail>,
  ): Promise<boolean> {
    const campaignId = orders.campaignId
    const id = contributionId.value
    if (campaignId === null || id === null) return false
    floorBusy.value = true
    floorError.value = null
    try {
      const fresh = await action(campaignId, id)
      if (contributionId.value === id) detail.value = fresh
      await orders.setFilter(orders.toolbar)
      return true
    } catch (failure) {
      floorError.value = failure instanceof Error ? failure.message : String(failure)
      return false
    } finally {
      floorBusy.value = false
    }
  }

  const hold = (reason: string) =>
    editPlan((campaignId, id) => api().holdOrder({ campaignId, contributionId: id, reason }))
  const release = () =>
    editPlan((campaignId, id) => api().releaseOrder({ campaignId, contributionId: id }))
  const correctAddress = (address: AddressParts, reason: string) =>
    editPlan((campaignId, id) =>
      api().correctAddress({ campaignId, contributionId: id, address, reason }),
    )
  const dropCorrection = () =>
    editPlan((campaignId, id) => api().dropCorrection({ campaignId, contributionId: id }))
  const resolveAddressChange = (keep: 'correction' | 'platform') =>
    editPlan((campaignId, id) =>
      api().resolveAddressChange({ campaignId, contributionId: id, keep }),
    )

  /**
   * A reship of some of the order's items (issue 28). `requestKey` is the form's: main makes one
   * reship per key, and a second submit while the first runs is not even sent.
   */
  async function reship(items: ReshipItem[], reason: string, requestKey: string) {
    if (floorBusy.value) return false
    return editPlan((campaignId, id) =>
      api().reshipOrder({ campaignId, contributionId: id, items, reason, requestKey }),
    )
  }
  const addReshipTracking = (reshipId: number, trackingNumber: string) =>
    editPlan((campaignId, id) =>
      api().addReshipTracking({ campaignId, contributionId: id, reshipId, trackingNumber }),
    )

  /** Where the last reship label or slip was saved, for the drawer to say. */
  const reshipSaved = ref<string | null>(null)
  async function saveReshipPdf(reshipId: number, document: ReshipDocument): Promise<void> {
    const campaignId = orders.campaignId
    const id = contributionId.value
    if (campaignId === null || id === null) return
    floorBusy.value = true
    floorError.value = null
    reshipSaved.value = null
    try {
      const saved = await api().saveReshipPdf({
        campaignId,
        contributionId: id,
        reshipId,
        document,
      })
      if (saved && contributionId.value === id) reshipSaved.value = saved.path
    } catch (failure) {
      floorError.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      floorBusy.value = false
    }
  }

  function close(): void {
    reshipSaved.value = null
    requests.drop()
    contributionId.value = null
    row.value = null
    detail.value = null
    error.value = null
    loading.value = false
  }

  // Synchronous: the drawer of the old campaign must be gone before the new one paints.
  watch(() => orders.campaignId, close, { flush: 'sync' })

  return {
    contributionId,
    row,
    detail,
    loading,
    error,
    open,
    close,
    floorBusy,
    floorError,
    unpack,
    addTracking,
    saveNote,
    hold,
    release,
    correctAddress,
    dropCorrection,
    resolveAddressChange,
    reship,
    addReshipTracking,
    reshipSaved,
    saveReshipPdf,
  }
})

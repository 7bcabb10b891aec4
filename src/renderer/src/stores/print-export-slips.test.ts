import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { BridgeError } from '@shared/ipc'
import type { SlipsPreview, SlipsSaved } from '@shared/ipc'
import { outcomeNotice } from '@renderer/lib/export-outcome'
import { slipsPercent, slipsProgressText } from '@renderer/lib/slip-batch-text'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useOrdersStore } from './orders'
import { usePrintExportStore } from './print-export'
import { useSlipBatchesStore } from './print-export-slips'

function preview(slips: number, size: number): SlipsPreview {
  const batches = Array.from({ length: Math.ceil(slips / size) }, (_, index) => ({
    index,
    from: index * size,
    to: Math.min(slips, (index + 1) * size),
  }))
  return {
    html: '<p>slip</p>',
    slips,
    skippedCount: 3,
    batchSize: size,
    batches,
    pageWidthPx: 816,
    pageHeightPx: 1056,
  }
}

function openCampaign() {
  const orders = useOrdersStore()
  orders.campaignId = 1001
  return { campaignId: 1001, filter: orders.currentFilter() }
}

describe('useSlipBatchesStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('asks for the preview with the batch size, and drops a batch the new plan lacks', async () => {
    const bridge = fakeBridge({ previewSlips: (r) => preview(3697, r.batchSize ?? 500) })
    const selection = openCampaign()
    const slips = useSlipBatchesStore()
    await slips.refreshPreview(selection, 'a4')
    expect(bridge.calls.previewSlips).toHaveBeenCalledWith({
      ...selection,
      paper: 'a4',
      batchSize: 500,
    })
    expect(slips.batches).toHaveLength(8)
    slips.batchIndex = 7
    slips.batchSize = 2000
    await slips.refreshPreview(selection, 'a4')
    expect(slips.batches).toHaveLength(2)
    expect(slips.batchIndex).toBe(0)
  })

  it('shows main’s message when the preview fails, and has no batches without a campaign', async () => {
    let refuse = false
    fakeBridge({
      previewSlips: () =>
        refuse ? fail('cache_snapshot_closed', 'The campaign was closed.') : preview(900, 500),
    })
    const selection = openCampaign()
    const slips = useSlipBatchesStore()
    await slips.refreshPreview(selection, 'letter')
    refuse = true
    await slips.refreshPreview(selection, 'letter')
    expect(slips.preview.error).toBe('The campaign was closed.')
    expect(slips.batches).toHaveLength(2)

    await slips.refreshPreview(null, 'letter')
    expect({ ...slips.preview }).toEqual({ value: null, loading: false, error: null })
    expect(slips.batches).toEqual([])
  })

  it('shows progress while the save runs, cancels it, and says it stopped', async () => {
    let stop: (error: unknown) => void = () => undefined
    const fake = fakeBridge({
      saveSlipsPdf: () => new Promise<SlipsSaved | null>((_, reject) => (stop = reject)),
      cancelSlips: () => {
        stop(new BridgeError('print_cancelled', 'Cancelled: no packing slip file was kept.'))
        return true
      },
    })
    openCampaign()
    const slips = useSlipBatchesStore()
    const off = slips.listen()
    fake.emit('print:slipsProgress', { batch: 0, batches: 8, done: 0, total: 3697 })
    expect(slips.progress).toBeNull()

    const running = usePrintExportStore().saveSlipsPdf()
    expect(slips.saving).toBe(true)
    fake.emit('print:slipsProgress', { batch: 2, batches: 8, done: 1000, total: 3697 })
    expect(slips.progress).toEqual({ batch: 2, batches: 8, done: 1000, total: 3697 })
    expect(slipsProgressText(slips.progress)).toBe('Batch 3 of 8, 1,000 of 3,697 slips')
    expect(slipsPercent(slips.progress)).toBe(27)

    await slips.cancel()
    expect(fake.calls.cancelSlips).toHaveBeenCalledOnce()
    const outcome = await running
    expect(outcome).toEqual({
      status: 'stopped',
      message: 'Cancelled: no packing slip file was kept.',
    })
    expect(outcomeNotice(outcome)).toEqual({
      level: 'warning',
      text: 'Cancelled: no packing slip file was kept.',
    })
    expect(usePrintExportStore().error).toBeNull()
    expect(slips.saving).toBe(false)
    expect(slips.progress).toBeNull()
    off()
    expect(fake.listenerCount('print:slipsProgress')).toBe(0)
  })

  it('tells how many files went where', () => {
    const value: SlipsSaved = {
      path: '/home/ship/tidepool-slips-001-of-008.pdf',
      files: Array.from({ length: 8 }, (_, i) => `/home/ship/tidepool-slips-00${i + 1}-of-008.pdf`),
      slips: 3697,
      pages: 3700,
      savedPdfId: 4,
    }
    expect(outcomeNotice({ status: 'done', kind: 'slipsPdf', value })?.text).toBe(
      'Saved 3,697 packing slips in 8 files to /home/ship',
    )
    const one = {
      ...value,
      path: '/home/ship/t-slips.pdf',
      files: ['/home/ship/t-slips.pdf'],
      slips: 1,
    }
    expect(outcomeNotice({ status: 'done', kind: 'slipsPdf', value: one })?.text).toBe(
      'Saved 1 packing slip to /home/ship/t-slips.pdf',
    )
  })
})

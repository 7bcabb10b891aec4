import { describe, expect, it } from 'vitest'
import { trackingPreview } from '@renderer/stores/floor-tracking.fixtures'
import { previewLists } from './progress-preview-text'

const conflict = {
  line: 3,
  trackingNumber: '9400111899000000000001',
  stored: ['9400111899223344556677'],
}

function conflictRows(sequenceNumber: number | null): string[] {
  const preview = trackingPreview({
    conflicts: { count: 1, rows: [{ ...conflict, orderId: 18302877, sequenceNumber }] },
  })
  return previewLists(preview).find((list) => list.key === 'conflicts')?.rows ?? []
}

describe('the tracking preview lists', () => {
  it('name a conflicting order by the order number of the file, as every other view does', () => {
    expect(conflictRows(1449)).toEqual([
      'Line 3: order #1449 gets 9400111899000000000001, has 9400111899223344556677',
    ])
  })

  it('name it by its id only when the API sent no order number', () => {
    expect(conflictRows(null)).toEqual([
      'Line 3: order ID 18302877 gets 9400111899000000000001, has 9400111899223344556677',
    ])
  })
})

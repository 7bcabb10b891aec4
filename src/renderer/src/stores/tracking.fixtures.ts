import type { TrackingPreviewView } from '@shared/ipc'

/** A preview with a row in every category, for the store and the card. */
export function trackingPreview(overrides: Partial<TrackingPreviewView> = {}): TrackingPreviewView {
  return {
    previewId: 3,
    fileName: 'shipments.csv',
    format: 'generic',
    rows: 10,
    matched: 6,
    alreadyStored: 1,
    notPacked: 2,
    unmatched: { count: 1, rows: [{ line: 5, orderNumber: '999' }] },
    conflicts: {
      count: 1,
      rows: [
        {
          line: 7,
          orderId: 4402,
          sequenceNumber: 1449,
          trackingNumber: '1Z999',
          stored: ['9400111'],
        },
      ],
    },
    problems: {
      count: 2,
      rows: [
        { line: 9, column: 'tracking_number', message: 'no tracking number' },
        { line: 10, column: 'tracking_number', message: 'a number in scientific notation' },
      ],
    },
    ...overrides,
  }
}

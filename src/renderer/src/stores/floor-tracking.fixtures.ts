import type { TrackingPreviewView } from '@shared/ipc'

/** A preview with a row in every category, for the store and the card. */
export function trackingPreview(overrides: Partial<TrackingPreviewView> = {}): TrackingPreviewView {
  return {
    previewId: 3,
    fileName: 'shipments.csv',
    format: 'generic',
    rows: 13,
    emptyRows: 0,
    matched: 6,
    alreadyStored: 1,
    duplicates: 1,
    held: {
      count: 2,
      byReason: { stopped: 0, 'nothing-to-ship': 0, 'not-packed': 2 },
      rows: [
        {
          line: 3,
          orderId: 4312,
          sequenceNumber: 312,
          trackingNumber: '9400312',
          reason: 'not-packed',
          status: 'captured',
        },
        {
          line: 4,
          orderId: 4313,
          sequenceNumber: 313,
          trackingNumber: '9400313',
          reason: 'not-packed',
          status: 'captured',
        },
      ],
    },
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

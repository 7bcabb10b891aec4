import { describe, expect, it } from 'vitest'
import { readTrackingFile } from '../../../../src/main/core/floor/tracking-file'
import {
  leftApart,
  previewTracking,
  trackingEntries,
} from '../../../../src/main/core/floor/tracking-import'
import type { TrackingHoldReason } from '../../../../src/shared/floor/tracking-holds'
import { blankFloorState } from '../../../../src/shared/floor/order-state'
import type { OrderFloorState } from '../../../../src/shared/floor/order-state'
import { makeContribution } from '../../fixtures/contributions'

// Sample exports written from the documented columns (docs/fulfillment-floor.md), not copied.
const SHIPSTATION = [
  'Ship Date,Order Number,Recipient,Carrier,Service,Tracking Number,Weight',
  '11/20/2026,1001,Ada Lovelace,USPS,USPS Ground Advantage,9400111899223856728493,12 oz',
  '11/20/2026,1002,"Brown, Mary",UPS,UPS® Ground,1Z999AA10123456784,2 lb',
  '11/20/2026,1002,"Brown, Mary",UPS,UPS® Ground,1Z999AA10123456785,2 lb',
].join('\r\n')

const PIRATESHIP = [
  'Created Date,Recipient,Email,Tracking Number,Cost,Status,Order ID,Service',
  '2026-11-20,Ada Lovelace,ada@example.com,9205590164917312751089,4.50,Delivered,1003,USPS Priority Mail',
  '2026-11-20,Niccolò Greco,n@example.com,1Z999AA10123456799,9.10,In Transit,#1004,UPS Ground',
].join('\n')

describe('tracking files: each format read by its documented columns', () => {
  it('generic: the exact header in any letter case, one row per parcel, zeros kept', () => {
    const file = readTrackingFile(
      'Order_Number,CARRIER,Tracking_Number\n1001,usps,0094001118992238\n1001,USPS,0094001118992239\n',
      'parcels.csv',
    )
    expect(file.format).toBe('generic')
    expect(file.rows).toEqual([
      { line: 2, orderNumber: '1001', carrier: 'USPS', trackingNumber: '0094001118992238' },
      { line: 3, orderNumber: '1001', carrier: 'USPS', trackingNumber: '0094001118992239' },
    ])
  })

  it('generic saved by a spreadsheet with a decimal comma: ; and a byte order mark', () => {
    const file = readTrackingFile(
      '\uFEFForder_number;carrier;tracking_number\r\n1001;DHL Express;JD014600006281230704\r\n',
      'parcels.csv',
    )
    expect(file.rows[0]).toMatchObject({
      carrier: 'DHLExpress',
      trackingNumber: 'JD014600006281230704',
    })
  })

  it('ShipStation: order number, carrier to its EasyPost name, quoted names with commas', () => {
    const file = readTrackingFile(SHIPSTATION, 'shipments.csv', 'shipstation')
    expect(file.rows.map((r) => [r.orderNumber, r.carrier, r.trackingNumber])).toEqual([
      ['1001', 'USPS', '9400111899223856728493'],
      ['1002', 'UPS', '1Z999AA10123456784'],
      ['1002', 'UPS', '1Z999AA10123456785'],
    ])
  })

  it('Pirate Ship: no carrier column, the carrier read from the service; # before the order', () => {
    const file = readTrackingFile(PIRATESHIP, 'export.csv')
    expect(file.format).not.toBe('generic')
    expect(file.rows.map((r) => [r.orderNumber, r.carrier])).toEqual([
      ['1003', 'USPS'],
      ['1004', 'UPS'],
    ])
  })

  it('a row a spreadsheet shortened, or without a number, is left out by line and column', () => {
    const file = readTrackingFile(
      'order_number,carrier,tracking_number\n1001,USPS,9.40011E+21\n1002,USPS,\n,USPS,123\n1003,UPS,1Z1\n',
      'parcels.csv',
    )
    expect(file.rows.map((r) => r.orderNumber)).toEqual(['1003'])
    expect(file.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'tracking_number',
        message: expect.stringContaining('shortened'),
      }),
      { line: 3, column: 'tracking_number', message: 'no tracking number' },
      { line: 4, column: 'order_number', message: 'no order number' },
    ])
  })

  it('a file that is no tracking export names what it lacks and what it has', () => {
    expect(() => readTrackingFile('name,email\nAda,a@x\n', 'people.csv')).toThrow(
      /people\.csv, line 1: the header lacks order number and tracking number columns .*it has name, email\..*--format/,
    )
    expect(() => readTrackingFile(SHIPSTATION, 'shipments.csv', 'generic')).toThrow(
      /the columns of a generic tracking file \(order_number and tracking_number\)/,
    )
    expect(() => readTrackingFile('order_number,tracking_number\n"1001,X\n', 'open.csv')).toThrow(
      /open\.csv, line 2: A quoted field opened on line 2 is never closed/,
    )
  })
})

describe('tracking import preview: matched, unmatched, conflicts, not packed', () => {
  // Sequence numbers 1001, 1002, 1003 (captured, fulfilled, in fulfillment: statuses that
  // ship), 1004 (fulfilled, no perk: nothing to ship) and 1005 (refunded).
  const ships = (n: number) => {
    const row = makeContribution(n)
    return { ...row, order: { ...row.order, status: 'fulfilled' } }
  }
  const empty = ships(1003)
  const rows = [
    makeContribution(1000),
    ships(1001),
    makeContribution(1002),
    { ...empty, order: { ...empty.order, perks: [] } },
    makeContribution(1004),
  ]
  const orderOf = (n: number) => rows[n - 1]!.order.id
  const packed = (n: number, more: Partial<OrderFloorState> = {}): [number, OrderFloorState] => [
    orderOf(n),
    { ...blankFloorState(orderOf(n)), packedAt: '2026-11-20T10:00:00.000Z', station: 'A', ...more },
  ]
  const states = new Map<number, OrderFloorState>([
    packed(1),
    packed(2, { trackingNumbers: ['OLD-1'] }),
    packed(4),
    packed(5),
  ])

  it('sorts every row into exactly one answer', () => {
    const file = readTrackingFile(
      [
        'order_number,carrier,tracking_number',
        '1001,USPS,T-1',
        '01001,USPS,T-1',
        '1002,UPS,T-2',
        '1002,UPS,OLD-1',
        '1003,UPS,T-3',
        '4711,UPS,T-4',
      ].join('\n'),
      'parcels.csv',
    )
    const preview = previewTracking(file, rows, states)
    expect(preview.matched.map((m) => [m.orderId, m.trackingNumber])).toEqual([
      [orderOf(1), 'T-1'],
      [orderOf(2), 'T-2'],
    ])
    // "01001" is order 1001 again, with the same number: a duplicate, counted once.
    expect(preview.duplicates).toBe(1)
    expect(preview.alreadyStored).toBe(1)
    expect(preview.held).toEqual([
      expect.objectContaining({ orderId: orderOf(3), trackingNumber: 'T-3', reason: 'not-packed' }),
    ])
    expect(preview.unmatched).toEqual([{ line: 7, orderNumber: '4711', trackingNumber: 'T-4' }])
    expect(preview.conflicts).toEqual([
      expect.objectContaining({ orderId: orderOf(2), trackingNumber: 'T-2', stored: ['OLD-1'] }),
    ])
  })

  it('counts every data row once, whatever blank, empty, repeated or unreadable rows it has', () => {
    const lines = [
      'order_number,carrier,tracking_number',
      '1001,USPS,T-1',
      '',
      '1001,USPS,T-1',
      '1002,UPS,OLD-1',
      '1003,UPS,T-3',
      '1004,UPS,T-4',
      '1005,UPS,T-5',
      ',UPS,',
      '4711,UPS,T-9',
      '1003,UPS,9.40011E+21',
      ',,',
      ',,',
    ]
    const preview = previewTracking(readTrackingFile(lines.join('\r\n'), 'p.csv'), rows, states)
    // 9 data rows: the blank line is no row, the two ",," rows are empty.
    expect(preview.rows).toBe(9)
    expect(preview.emptyRows).toBe(2)
    const counts = {
      matched: preview.matched.length,
      held: preview.held.length,
      alreadyStored: preview.alreadyStored,
      duplicates: preview.duplicates,
      unmatched: preview.unmatched.length,
      problems: preview.problems.length,
    }
    expect(counts).toEqual({
      matched: 1,
      held: 3,
      alreadyStored: 1,
      duplicates: 1,
      unmatched: 1,
      problems: 2,
    })
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(preview.rows)
    expect(preview.held.map((h) => [h.line, h.reason])).toEqual([
      [6, 'not-packed'],
      [7, 'nothing-to-ship'],
      [8, 'stopped'],
    ])
    expect(preview.problems.map((p) => [p.line, p.message])).toEqual([
      [9, 'no order number and no tracking number'],
      [11, expect.stringContaining('a number a spreadsheet shortened')],
    ])
  })

  it('writes held numbers only for the reasons the person confirmed', () => {
    const file = readTrackingFile(
      'order_number,carrier,tracking_number\n1001,UPS,T-1\n1003,UPS,T-3\n1005,UPS,T-5\n',
      'p.csv',
    )
    const preview = previewTracking(file, rows, states)
    const numbers = (include: TrackingHoldReason[]) =>
      trackingEntries(preview, include).map((e) => e.trackingNumber)
    expect(numbers([])).toEqual(['T-1'])
    expect(numbers(['not-packed'])).toEqual(['T-1', 'T-3'])
    expect(numbers(['not-packed', 'stopped'])).toEqual(['T-1', 'T-3', 'T-5'])
    expect(leftApart(preview, ['not-packed']).map((h) => h.trackingNumber)).toEqual(['T-5'])
  })
})

import type { DashboardImportPreview } from '@shared/ipc'

/** What main answers for a dashboard file of 150 orders, for campaign 1001 with no copy yet. */
export function dashboardPreview(
  overrides: Partial<DashboardImportPreview> = {},
): DashboardImportPreview {
  return {
    previewId: 7,
    campaignId: 1001,
    fileName: 'contributions.csv',
    bytes: 48_000,
    encoding: 'utf-8',
    bom: true,
    delimiter: ';',
    lines: 156,
    orders: 150,
    ordersToShip: 118,
    notCounted: [
      { status: 'refunded', count: 8 },
      { status: 'on_hold', count: 4 },
    ],
    perks: {
      count: 2,
      rows: [
        { perkId: 11, label: 'Core Game', orders: 120, variants: 1 },
        { perkId: 12, label: 'T-Shirt', orders: 30, variants: 6 },
      ],
    },
    variants: 7,
    problems: {
      count: 1,
      rows: [{ line: 22, column: 'Perk ID', message: 'expected a number, got "x"' }],
    },
    current: null,
    shrink: false,
    floorLeftBehind: 0,
    ...overrides,
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia } from 'pinia'
import ProblemRowsDrawer from './ProblemRowsDrawer.vue'
import type { ProblemRowsView } from '@shared/ipc'
import { useProblemsStore } from '@renderer/stores/problems'
import { formatDateTime } from '@renderer/lib/locale-format'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { campaignSummary, fakeBridge, NOW } from '@renderer/test-utils/fakeBridge'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const VIEW: ProblemRowsView = {
  campaignId: 1001,
  title: 'Tidepool',
  lastSyncedAt: NOW,
  count: 4998,
  problemCount: 2,
  rows: [
    {
      id: 41450054,
      rank: 40,
      problems: [
        { path: 'order.perks[0].id', message: 'missing — PerkPack groups orders by perk id' },
      ],
      orderNumber: 2041,
      backer: 'María Nuñez',
      // Masked by main; an address that slipped through must still not be copied.
      maskedRaw: { id: 41450054, email: '[redacted]', note: 'mail ada@example.com' },
    },
    {
      id: null,
      rank: 16,
      problems: [{ path: 'id', message: 'expected a number, got the text "pledge-9"' }],
      orderNumber: null,
      backer: null,
      maskedRaw: { id: 'pledge-9', order: { shipping: { name: 'Ada Lovelace', country: 'GB' } } },
    },
  ],
}

describe('ProblemRowsDrawer', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('names the file and the time when the copy was imported, not synced', async () => {
    fakeBridge({ problemRows: () => VIEW })
    const pinia = createPinia()
    const source = {
      kind: 'dashboard-file' as const,
      fileName: 'contributions.csv',
      importedAt: NOW,
    }
    useCampaignsStore(pinia).recent = [campaignSummary({ source })]
    mountWithProviders(ProblemRowsDrawer, { pinia })
    await useProblemsStore(pinia).show(1001)
    await flushPromises()
    expect(document.body.textContent).toContain(
      `2 of 5,000 contributions of the import of contributions.csv on ${formatDateTime(NOW)} could not be read.`,
    )
  })

  it('lists each row by order number and backer, its problems in words, paths for support', async () => {
    const fake = fakeBridge({ problemRows: () => VIEW })
    const pinia = createPinia()
    mountWithProviders(ProblemRowsDrawer, { pinia })
    await useProblemsStore(pinia).show(1001)
    await flushPromises()
    expect(fake.calls.problemRows).toHaveBeenCalledWith({ campaignId: 1001 })
    const list = document.querySelector('[aria-label="Contributions that could not be read"]')
    const items = [...(list?.querySelectorAll(':scope > li') ?? [])]
    expect(items.map((li) => li.querySelector('.name')?.textContent)).toEqual([
      'Order #2041, María Nuñez',
      'Row 17 (no usable id)',
    ])
    const words = (li: Element | undefined) =>
      [...(li?.querySelectorAll('.fields > li') ?? [])].map((item) => item.textContent)
    expect(words(items[0])).toEqual(['perk without an id'])
    expect(words(items[1])).toEqual(['contribution id: expected a number, got the text "pledge-9"'])
    expect(items[0]?.querySelector('details')?.textContent).toContain(
      'order.perks[0].id: missing — PerkPack groups orders by perk id',
    )
    expect(document.body.textContent).toContain('2 of 5,000 contributions')
  })

  it('copies the details with personal data masked', async () => {
    fakeBridge({ problemRows: () => VIEW })
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const pinia = createPinia()
    mountWithProviders(ProblemRowsDrawer, { pinia })
    await useProblemsStore(pinia).show(1001)
    await flushPromises()
    buttonByName('Copy details').click()
    await flushPromises()
    expect(writeText).toHaveBeenCalledOnce()
    const text = String((writeText.mock.calls[0] as unknown[])[0])
    expect(text).toContain('41450054\n  order.perks[0].id: missing')
    expect(text).not.toContain('María Nuñez')
    expect(text).toContain('row 17 (no usable id)')
    expect(text).not.toContain('ada@example.com')
    expect(text).not.toContain('Ada Lovelace')
    expect(text).toContain('"country":"GB"')
    expect(document.body.textContent).toContain('Details copied')
  })

  it('says why when the list cannot be loaded', async () => {
    fakeBridge({
      problemRows: () => {
        throw new Error('Campaign 1001 has no offline copy yet.')
      },
    })
    const pinia = createPinia()
    mountWithProviders(ProblemRowsDrawer, { pinia })
    await useProblemsStore(pinia).show(1001)
    await flushPromises()
    expect(document.body.textContent).toContain('The list could not be loaded')
    expect(buttonByName('Copy details').disabled).toBe(true)
  })
})

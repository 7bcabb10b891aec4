import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import PrePrintChecks from './PrePrintChecks.vue'
import { useProblemsStore } from '@renderer/stores/problems'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('PrePrintChecks: contributions that could not be read', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('counts contributions, not orders, and opens the problem list', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: {
        orders: { campaignId: 1001 },
        printExport: {
          checks: {
            value: [
              {
                id: 'problem-rows',
                title: 'Contributions that could not be read',
                severity: 'warning',
                count: 2,
                contributionIds: [],
                detail: '2 contributions could not be read (41450054, 41450077): ...',
              },
            ],
          },
        },
      },
    })
    const wrapper = mountWithProviders(PrePrintChecks, { pinia })
    await flushPromises()
    expect(wrapper.text()).toContain('Warning · 2 contributions')
    expect(wrapper.text()).not.toContain('2 orders')
    buttonByName('Show list').click()
    expect(useProblemsStore(pinia).show).toHaveBeenCalledWith(1001)
  })
})

describe('PrePrintChecks: the findings by severity', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  const check = (id: string, severity: 'error' | 'warning' | 'info', count: number) => ({
    id,
    title: `Title of ${id}`,
    severity,
    count,
    contributionIds: Array.from({ length: count }, (_, i) => i + 1),
    detail: `${count} orders of ${id}.`,
  })

  it('puts errors, then warnings, then the notes on orders left out, folded, whatever the kinds', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: {
        orders: { campaignId: 1001 },
        printExport: {
          checks: {
            value: [
              check('nothing-to-ship', 'info', 462),
              check('missing-address', 'error', 2),
              check('a-kind-added-later', 'warning', 4),
              check('incomplete-address', 'warning', 39),
              check('another-note', 'info', 3),
            ],
          },
        },
      },
    })
    const wrapper = mountWithProviders(PrePrintChecks, { pinia })
    await flushPromises()
    const groups = wrapper.findAll('.group')
    expect(groups.map((g) => g.attributes('data-group'))).toEqual(['error', 'warning', 'info'])
    expect(groups.map((g) => g.get('.group-title').text())).toEqual([
      'Needs attention · 1 finding',
      'Warnings · 2 findings',
      'Notes · 2 findings',
    ])
    expect(groups[1]?.findAll('[data-severity]').length).toBe(2)
    // The notes fold under their heading; the warnings stay open above them.
    expect(groups[2]?.element.tagName).toBe('DETAILS')
    expect(groups[2]?.attributes('open')).toBeUndefined()
    expect(groups[1]?.element.tagName).toBe('SECTION')
  })

  it('shows notes open when they are all there is', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: { printExport: { checks: { value: [check('nothing-to-ship', 'info', 5)] } } },
    })
    const wrapper = mountWithProviders(PrePrintChecks, { pinia })
    await flushPromises()
    expect(wrapper.get('.group').element.tagName).toBe('SECTION')
  })
})

import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ProblemRowsBanner from './ProblemRowsBanner.vue'
import { useProblemsStore } from '@renderer/stores/problems'

function mountBanner(count: number, imported = false) {
  const pinia = createTestingPinia({ createSpy: vi.fn })
  const wrapper = mount(ProblemRowsBanner, {
    props: { campaignId: 1001, count, imported },
    global: { plugins: [pinia] },
  })
  return { wrapper, problems: useProblemsStore(pinia) }
}

describe('ProblemRowsBanner', () => {
  it('is not there when every contribution was read', () => {
    const { wrapper } = mountBanner(0)
    expect(wrapper.find('[data-testid="problem-banner"]').exists()).toBe(false)
  })

  it('says how many could not be read and opens the list of that campaign', async () => {
    const { wrapper, problems } = mountBanner(1234)
    const banner = wrapper.get('[data-testid="problem-banner"]')
    expect(banner.text()).toContain('1,234 contributions could not be read')
    expect(banner.text()).toContain('They are not among the orders')
    await wrapper.get('button').trigger('click')
    expect(problems.show).toHaveBeenCalledWith(1001)
  })

  it('says to sync again, or for an imported copy to import a newer file, never to sync', () => {
    expect(mountBanner(2).wrapper.text()).toContain('Fix them on the platform and sync again.')
    const imported = mountBanner(2, true).wrapper.text()
    expect(imported).toContain(
      'Fix them on the platform and import a new export of the dashboard’s contributions file.',
    )
    expect(imported).not.toMatch(/sync/i)
  })

  it('speaks of one contribution in the singular', () => {
    const { wrapper } = mountBanner(1)
    expect(wrapper.text()).toContain('1 contribution could not be read')
    expect(wrapper.text()).toContain('It is not among the orders')
  })
})

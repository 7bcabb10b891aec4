import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ApiTargetCard from './ApiTargetCard.vue'
import { useAppStore } from '@renderer/stores/app'

describe('ApiTargetCard', () => {
  it('says which API and token endpoint the app will use', async () => {
    const wrapper = mount(ApiTargetCard, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              app: {
                info: {
                  name: 'PerkPack',
                  version: '0.1.0',
                  baseUrl: 'https://api.indiegogo.com',
                  authUrl: 'https://auth.indiegogo.com',
                  source: 'default',
                  harness: true,
                },
              },
            },
          }),
        ],
      },
    })
    await flushPromises()
    const text = wrapper.get('[data-testid="api-target"]').text()
    expect(text).toContain('https://api.indiegogo.com')
    expect(text).toContain('https://auth.indiegogo.com/oauth/token')
    expect(wrapper.text()).toContain('production default')
    expect(wrapper.text()).toContain('web harness')
    // Already loaded: the card must not ask main again.
    expect(useAppStore().load).not.toHaveBeenCalled()
  })

  it('loads on mount when nothing is known yet, and shows an error plainly', async () => {
    const wrapper = mount(ApiTargetCard, {
      global: { plugins: [createTestingPinia({ createSpy: vi.fn })] },
    })
    const store = useAppStore()
    expect(store.load).toHaveBeenCalledOnce()
    store.error = 'PERKPACK_BASE_URL is not a URL'
    await flushPromises()
    expect(wrapper.text()).toContain('Could not read the app settings')
    expect(wrapper.text()).toContain('PERKPACK_BASE_URL is not a URL')
  })
})

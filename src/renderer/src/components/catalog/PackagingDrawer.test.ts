import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import type { CatalogView } from '@shared/ipc'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'
import { useCatalogStore } from '@renderer/stores/catalog'
import PackagingDrawer from './PackagingDrawer.vue'

const mailer = {
  name: 'Mailer S',
  weightG: 40,
  lengthCm: 30,
  widthCm: 22,
  heightCm: 5,
  perkIds: [],
}

function withBox(pinia: ReturnType<typeof createTestingPinia>) {
  const store = useCatalogStore(pinia)
  store.view = {
    campaignId: 1,
    catalog: { items: [], packaging: [mailer], pledgeShare: 1 },
    updatedAt: null,
    gaps: [],
    team: 'off',
    senderCountry: 'US',
  } as CatalogView
  store.editing = { kind: 'packaging', name: 'Mailer S' }
  return store
}

describe('PackagingDrawer', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('names a box without sides as typed, and removes the box only while nothing is saving', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = withBox(pinia)
    const wrapper = mountWithProviders(PackagingDrawer, { pinia })
    await flushPromises()
    expect(document.body.textContent).toContain('Edit Mailer S')
    expect(inputByLabel(wrapper, 'Empty weight (g)').value).toBe('40')

    await typeInto(inputByLabel(wrapper, 'Height (cm)'), '')
    await flushPromises()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Mailer S')
    expect(buttonByName('Save').disabled).toBe(true)

    buttonByName('Remove box').click()
    await flushPromises()
    expect(store.removePackaging).toHaveBeenCalledWith('Mailer S')

    store.saving = true
    await flushPromises()
    expect(buttonByName('Remove box').disabled).toBe(true)
  })

  it('shows what the save answered when the form itself reads', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = withBox(pinia)
    mountWithProviders(PackagingDrawer, { pinia })
    store.saveError = 'The catalogue could not be saved: the disk is full.'
    await flushPromises()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('the disk is full')
    buttonByName('Save').click()
    await flushPromises()
    expect(store.savePackaging).toHaveBeenCalledWith(
      'Mailer S',
      expect.objectContaining({ name: 'Mailer S', weight_g: '40' }),
    )
  })
})

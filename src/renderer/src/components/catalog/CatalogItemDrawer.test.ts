import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'
import { useCatalogStore } from '@renderer/stores/catalog'
import CatalogItemDrawer from './CatalogItemDrawer.vue'

const item = { sku: 'TEE', variant: 'Size=M', weightG: 180, hsCode: '610910' }

describe('CatalogItemDrawer', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the row, names a bad HS code as typed, and saves the fixed row in its place', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const store = useCatalogStore(pinia)
    store.editing = { kind: 'item', row: { sku: 'TEE', variant: 'Size=M', item } }
    const wrapper = mountWithProviders(CatalogItemDrawer, { pinia })
    await flushPromises()
    expect(inputByLabel(wrapper, 'Weight (g)').value).toBe('180')
    expect(inputByLabel(wrapper, 'SKU').value).toBe('TEE')

    await typeInto(inputByLabel(wrapper, 'HS code'), '61')
    await flushPromises()
    const alert = document.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('HS code "61" has 2 digits: it needs 6 to 10')
    expect(buttonByName('Save').disabled).toBe(true)

    await typeInto(inputByLabel(wrapper, 'HS code'), '6109.10')
    await typeInto(inputByLabel(wrapper, 'Weight (g)'), '0.2 kg')
    await flushPromises()
    expect(document.querySelector('[role="alert"]')).toBeNull()
    buttonByName('Save').click()
    await flushPromises()
    expect(store.saveItem).toHaveBeenCalledWith(
      { sku: 'TEE', variant: 'Size=M' },
      expect.objectContaining({
        sku: 'TEE',
        variant: 'Size=M',
        weight_g: '0.2 kg',
        hs_code: '6109.10',
      }),
    )
  })

  it('offers no removal for a variant not yet in the catalogue', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    useCatalogStore(pinia).editing = {
      kind: 'item',
      row: { sku: 'PIN', variant: null, item: null },
    }
    mountWithProviders(CatalogItemDrawer, { pinia })
    await flushPromises()
    expect(document.body.textContent).toContain('Add to the catalogue')
    expect(() => buttonByName('Remove row')).toThrow()
  })
})

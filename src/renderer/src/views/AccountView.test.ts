import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import AccountView from './AccountView.vue'
import { useAccountStore } from '@renderer/stores/account'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

function setup(view: unknown = null) {
  const pinia = createTestingPinia({ createSpy: vi.fn, initialState: { account: { view } } })
  const wrapper = mountWithProviders(AccountView, { pinia })
  return { wrapper, store: useAccountStore(pinia) }
}

describe('AccountView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('looks the account up by its numeric ID', async () => {
    const { wrapper, store } = setup()
    await typeInto(inputByLabel(wrapper, 'Account ID'), ' 4242 ')
    buttonByName('Show contributions').click()
    await flushPromises()
    expect(store.load).toHaveBeenCalledWith(4242)
  })

  it('rejects an ID that is not a number without asking main', async () => {
    const { wrapper, store } = setup()
    await typeInto(inputByLabel(wrapper, 'Account ID'), 'abc')
    buttonByName('Show contributions').click()
    await flushPromises()
    expect(store.load).not.toHaveBeenCalled()
    expect(wrapper.text()).toContain('An account ID is a number')
  })

  it("explains rule 2 with main's message instead of an empty table", async () => {
    const message = '3 contributions hidden: sign in as this account to see them.'
    const { wrapper } = setup({ visible: false, accountId: '4242', hiddenCount: 3, message })
    await flushPromises()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(message)
    expect(wrapper.text()).toContain('Contributions hidden')
    expect(document.querySelector('table')).toBeNull()
  })

  it('lists visible contributions with campaign title, perks and amount', async () => {
    const { wrapper } = setup({
      visible: true,
      accountId: '4242',
      count: 1,
      contributions: [
        {
          id: 1,
          created_at: '2024-03-01T10:00:00Z',
          amount: 25,
          appearance: { private_amount: false },
          campaign: { title: 'Tidepool', currency: { iso_code: 'EUR', symbol: '€' } },
          order: { id: 9, perks: [{ label: 'Core Game' }, { label: 'T-Shirt' }] },
        },
      ],
    })
    await flushPromises()
    const text = wrapper.text()
    expect(text).toContain('Tidepool')
    expect(text).toContain('Core Game, T-Shirt')
    expect(text).toContain('€')
    expect(text).toContain('1 contribution')
  })
})

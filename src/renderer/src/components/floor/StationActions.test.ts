import { afterEach, describe, expect, it } from 'vitest'
import { createPinia } from 'pinia'
import StationActions from './StationActions.vue'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('StationActions', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('a mouse press on a button keeps the focus in the scan field; the options still take it', () => {
    mountWithProviders(StationActions, {
      pinia: createPinia(),
      props: { hasBox: true, hasOrder: true, canUndo: true, askTracking: false, carrier: '' },
    })
    const press = (target: Element) => {
      const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true })
      target.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(press(buttonByName('Put aside'))).toBe(true)
    expect(
      press(buttonByName('Packed (Enter)').querySelector('span') ?? buttonByName('Packed (Enter)')),
    ).toBe(true)
    const option = document.querySelector('footer input, footer select')
    expect(option).not.toBeNull()
    expect(press(option!)).toBe(false)
  })
})

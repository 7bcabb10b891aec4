import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import SubmitButton from './SubmitButton.vue'

let wrapper: VueWrapper | undefined

/** A form with one submit button, as the app's forms have: Enter or a click sends it. */
function mountForm(attrs: Record<string, unknown>, onSubmit: () => void) {
  const Form = defineComponent(
    () => () =>
      h('form', { onSubmit: (e: Event) => (e.preventDefault(), onSubmit()) }, [
        h(SubmitButton, attrs, { default: () => 'Save name' }),
      ]),
  )
  wrapper = mount(Form, { attachTo: document.body })
  return wrapper.get('button').element as HTMLButtonElement
}

describe('SubmitButton', () => {
  afterEach(() => wrapper?.unmount())

  it('is the primary button that sends its form, with its own text', () => {
    const onSubmit = vi.fn()
    const button = mountForm({ size: 'small' }, onSubmit)
    expect(button.type).toBe('submit')
    expect(button.classList.contains('n-button--primary-type')).toBe(true)
    expect(button.textContent?.trim()).toBe('Save name')
    button.click()
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('passes disabled on to the button: a disabled submit sends nothing', () => {
    const onSubmit = vi.fn()
    const button = mountForm({ disabled: true }, onSubmit)
    expect(button.disabled).toBe(true)
    button.click()
    expect(onSubmit).not.toHaveBeenCalled()
  })
})

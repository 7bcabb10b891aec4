import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { h } from 'vue'
import LabelledNumber from './LabelledNumber.vue'
import { inputByLabel, typeInto } from '@renderer/test-utils/mountWithProviders'

let wrapper: VueWrapper | undefined

function mountField(value: number | null, attrs: Record<string, unknown> = {}) {
  wrapper = mount(LabelledNumber, {
    props: { value, label: 'Slips per batch', range: [10, 5000], ...attrs },
    slots: {
      default: () => h('span', { class: 'hint' }, 'one file each'),
      'add-icon': () => h('span', { class: 'more' }, 'More slips'),
    },
    attachTo: document.body,
  })
  return wrapper
}

describe('LabelledNumber', () => {
  afterEach(() => wrapper?.unmount())

  it('names its input by the label, keeps the note and the icon slot, classes the field', () => {
    const field = mountField(500, { class: 'field', disabled: true })
    const input = inputByLabel(field, 'Slips per batch')
    expect(input.value).toBe('500')
    expect(input.disabled).toBe(true)
    expect(field.element.classList.contains('field')).toBe(true)
    expect(field.find('.hint').text()).toBe('one file each')
    expect(field.find('.more').text()).toBe('More slips')
  })

  it('brings a number typed outside the range, or with decimals, back to a whole one within it', async () => {
    const field = mountField(500)
    const input = inputByLabel(field, 'Slips per batch')
    await typeInto(input, '7')
    input.dispatchEvent(new Event('blur'))
    await flushPromises()
    await typeInto(input, '120.6')
    input.dispatchEvent(new Event('blur'))
    await flushPromises()
    expect(field.emitted('update:value')?.flat()).toContain(10)
    expect(field.emitted('update:value')?.flat().at(-1)).toBe(121)
  })

  it('says under the field what a number out of range was corrected to', async () => {
    const field = mountField(500)
    const input = inputByLabel(field, 'Slips per batch')
    await typeInto(input, '9000')
    input.dispatchEvent(new Event('blur'))
    await flushPromises()
    expect(field.emitted('update:value')?.flat().at(-1)).toBe(5000)
    expect(field.text()).toContain(
      'Slips per batch 9000 is more than the most it takes, 5000: set to 5000.',
    )
    // The next keystroke is a new value: the sentence goes.
    await typeInto(input, '600')
    await flushPromises()
    expect(field.text()).not.toContain('set to')
  })

  it('words the correction as its field asks', async () => {
    const field = mountField(500, {
      correct: (typed: number) => ({ value: 10, note: `Too few: ${typed}.` }),
    })
    const input = inputByLabel(field, 'Slips per batch')
    await typeInto(input, '3')
    input.dispatchEvent(new Event('blur'))
    await flushPromises()
    expect(field.text()).toContain('Too few: 3.')
  })
})

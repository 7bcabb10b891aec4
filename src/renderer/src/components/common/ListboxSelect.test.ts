import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import ListboxSelect from './ListboxSelect.vue'

const OPTIONS = ['DE', 'FR', 'GB'].map((c) => ({ label: c, value: c }))
let wrapper: VueWrapper | undefined

function openMenu(value: string | string[] | null, multiple = false) {
  wrapper = mount(ListboxSelect, {
    props: { value, options: OPTIONS, multiple, show: true, virtualScroll: false },
    attachTo: document.body,
  })
  const menu = document.body.querySelector('[role="listbox"]')
  const options = [...document.body.querySelectorAll('[role="option"]')]
  return {
    menu,
    selected: options.map((o) => `${o.textContent}:${o.getAttribute('aria-selected')}`),
  }
}

describe('ListboxSelect', () => {
  afterEach(() => wrapper?.unmount())

  it('gives the menu the listbox role and marks the chosen option of a single select', () => {
    const { menu, selected } = openMenu('FR')
    expect(menu).not.toBeNull()
    expect(selected).toEqual(['DE:false', 'FR:true', 'GB:false'])
  })

  it('marks every chosen option of a multiple select', () => {
    expect(openMenu(['DE', 'GB'], true).selected).toEqual(['DE:true', 'FR:false', 'GB:true'])
  })
})

import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import OneAtATimeButtons from './OneAtATimeButtons.vue'

function setup(running: string | null, disabled = false) {
  const print = vi.fn()
  const pdf = vi.fn()
  const wrapper = mount(OneAtATimeButtons, {
    props: {
      actions: [
        { action: 'print', text: 'Print', primary: true, run: print },
        { action: 'pdf', text: 'Save as PDF', run: pdf },
      ],
      running,
      disabled,
    },
  })
  const printButton = wrapper.get<HTMLButtonElement>('button:first-child')
  const pdfButton = wrapper.get<HTMLButtonElement>('button:last-child')
  return { print, pdf, printButton, pdfButton }
}

describe('OneAtATimeButtons', () => {
  it('runs the clicked action only, the first one as the primary button', async () => {
    const { print, pdf, printButton, pdfButton } = setup(null)
    await pdfButton.trigger('click')
    expect([print.mock.calls.length, pdf.mock.calls.length]).toEqual([0, 1])
    expect(printButton.classes()).toContain('n-button--primary-type')
    expect(pdfButton.classes()).toContain('n-button--default-type')
  })

  it('spins the running action and holds every button until it ends', async () => {
    const { print, pdf, printButton, pdfButton } = setup('pdf')
    expect(pdfButton.classes()).toContain('n-button--loading')
    expect(printButton.classes()).not.toContain('n-button--loading')
    expect([printButton.element.disabled, pdfButton.element.disabled]).toEqual([true, true])
    await printButton.trigger('click')
    await pdfButton.trigger('click')
    expect([print.mock.calls.length, pdf.mock.calls.length]).toEqual([0, 0])
  })

  it('holds every button when the caller says so, with nothing running', () => {
    const { printButton, pdfButton } = setup(null, true)
    expect([printButton.element.disabled, pdfButton.element.disabled]).toEqual([true, true])
  })
})

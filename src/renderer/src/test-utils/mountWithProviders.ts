import { defineComponent, h } from 'vue'
import type { Component } from 'vue'
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import {
  NDialogProvider,
  NLoadingBarProvider,
  NMessageProvider,
  NNotificationProvider,
} from 'naive-ui'
import type { Pinia } from 'pinia'

/**
 * Mounts a component inside the naive-ui providers App.vue sets up, so `useMessage()` and
 * `useDialog()` work. Attached to the document: dialogs and messages are teleported to body.
 */
export function mountWithProviders(
  component: Component,
  options: { pinia: Pinia; props?: Record<string, unknown> },
): VueWrapper {
  const Host = defineComponent({
    setup: () => () =>
      h(NLoadingBarProvider, () =>
        h(NMessageProvider, () =>
          h(NNotificationProvider, () =>
            h(NDialogProvider, () => h(component, options.props ?? {})),
          ),
        ),
      ),
  })
  return mount(Host, { global: { plugins: [options.pinia] }, attachTo: document.body })
}

/**
 * The `<input>` whose accessible name is `label` (naive-ui puts it on the input element).
 * Searched in the whole document, where the wrapper's modals and drawers are teleported.
 */
export function inputByLabel(wrapper: VueWrapper, label: string): HTMLInputElement {
  const root = (wrapper.element as Node).ownerDocument ?? document
  const input = root.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)
  if (!input) throw new Error(`No input labelled "${label}"`)
  return input
}

/** Roughly the accessible name: aria-label, else the text without aria-hidden parts. */
export function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label')
  if (label) return label
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** A `<button>` by its accessible name, anywhere in the document. */
export function buttonByName(name: string): HTMLButtonElement {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button')]
  const found = buttons.find((b) => accessibleName(b) === name)
  if (!found) throw new Error(`No button named "${name}"`)
  return found
}

export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
  await Promise.resolve()
}

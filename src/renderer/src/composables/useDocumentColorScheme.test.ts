import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { h, nextTick, ref } from 'vue'
import { useDocumentColorScheme } from './useDocumentColorScheme'

describe('useDocumentColorScheme', () => {
  it('sets the page’s color-scheme to the theme, and follows it when it changes', async () => {
    const dark = ref(true)
    mount({
      setup() {
        useDocumentColorScheme(dark)
        return () => h('div')
      },
    })
    expect(document.documentElement.style.colorScheme).toBe('dark')
    dark.value = false
    await nextTick()
    expect(document.documentElement.style.colorScheme).toBe('light')
  })
})

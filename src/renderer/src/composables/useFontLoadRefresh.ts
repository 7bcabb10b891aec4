import { onBeforeUnmount, onMounted } from 'vue'

/**
 * Chromium keeps the fonts it chose for a text laid out while a bundled subset was still loading:
 * a Korean name on the first screen of Orders stayed in DejaVu's boxes after its face had loaded
 * (test/e2e/ui-fonts.test.ts). A change of the document's font description makes it choose
 * again; turning discretionary ligatures off, as they are by default, draws nothing differently.
 */
export function useFontLoadRefresh(): void {
  let flipped = false
  const refresh = () => {
    flipped = !flipped
    document.documentElement.style.fontFeatureSettings = flipped ? '"dlig" 0' : ''
  }
  onMounted(() => document.fonts?.addEventListener('loadingdone', refresh))
  onBeforeUnmount(() => document.fonts?.removeEventListener('loadingdone', refresh))
}

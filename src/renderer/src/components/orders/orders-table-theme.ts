import { computed } from 'vue'
import { useThemeVars } from 'naive-ui'

/**
 * The Orders table's colours as CSS variables, from naive-ui's theme, so they follow the light
 * and the dark theme. A status label's text is its tag colour drawn a quarter of the way to the
 * theme's text colour: darker on the light theme, where a plain yellow or green is too faint to
 * read, and lighter on the dark one, where the brand teal is too deep.
 */
export function useOrdersTableTheme() {
  const theme = useThemeVars()
  return computed(() => {
    const t = theme.value
    const status = (colour: string) => `color-mix(in srgb, ${colour} 75%, ${t.textColor1})`
    return {
      '--orders-divider': t.dividerColor,
      '--orders-hover': t.hoverColor,
      '--orders-header': t.actionColor,
      '--orders-header-text': t.textColor1,
      '--orders-text': t.textColor2,
      '--orders-focus': t.primaryColor,
      // The table while its first rows are on their way, as naive-ui's spin fades its content.
      '--orders-opacity-waiting': t.opacityDisabled,
      // A search's terms: a marker-pen yellow, light enough on both themes to read through.
      '--orders-mark': `color-mix(in srgb, ${t.warningColor} 38%, transparent)`,
      '--status-default': t.textColor3,
      '--status-primary': status(t.primaryColor),
      '--status-info': status(t.infoColor),
      '--status-success': status(t.successColor),
      '--status-warning': status(t.warningColor),
      '--status-error': status(t.errorColor),
    }
  })
}

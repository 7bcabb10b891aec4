import { computed } from 'vue'
import { useThemeVars } from 'naive-ui'

/**
 * The Orders table's colours as CSS variables, from naive-ui's theme, so they follow the light
 * and the dark theme. The status labels take the "pressed" shade of each tag colour: on the
 * light theme the plain shades (a yellow, a light green) are too faint to read as text.
 */
export function useOrdersTableTheme() {
  const theme = useThemeVars()
  return computed(() => {
    const t = theme.value
    return {
      '--orders-divider': t.dividerColor,
      '--orders-hover': t.hoverColor,
      '--orders-header': t.actionColor,
      '--orders-header-text': t.textColor1,
      '--orders-text': t.textColor2,
      '--orders-focus': t.primaryColor,
      '--status-default': t.textColor3,
      '--status-primary': t.primaryColorPressed,
      '--status-info': t.infoColorPressed,
      '--status-success': t.successColorPressed,
      '--status-warning': t.warningColorPressed,
      '--status-error': t.errorColorPressed,
    }
  })
}

import { h } from 'vue'
import { useDialog } from 'naive-ui'
import type { PrePrintCheck } from '@shared/ipc'

export const ATTENTION_TITLE = 'Some orders need attention'

/**
 * Before anything leaves the app: when a check of severity 'error' stands (no address, refunded
 * or on hold), the person decides with the findings in front of them. Resolves true to go on;
 * "Review", Esc or closing the dialog keep everything as it was.
 */
export function useConfirmChecks(onReview?: () => void) {
  const dialog = useDialog()

  function confirm(errors: readonly PrePrintCheck[], action: string): Promise<boolean> {
    if (errors.length === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      let settled = false
      const settle = (value: boolean) => {
        if (settled) return
        settled = true
        resolve(value)
        if (!value) onReview?.()
      }
      dialog.warning({
        title: ATTENTION_TITLE,
        content: () =>
          h('div', { class: 'attention' }, [
            h('p', `Before you ${action}, look at what the pre-print checks found:`),
            h(
              'ul',
              errors.map((check) => h('li', { key: check.id }, `${check.title}: ${check.detail}`)),
            ),
          ]),
        positiveText: 'Continue',
        negativeText: 'Review',
        onPositiveClick: () => settle(true),
        onNegativeClick: () => settle(false),
        onClose: () => settle(false),
        onEsc: () => settle(false),
        onMaskClick: () => settle(false),
        onAfterLeave: () => settle(false),
      })
    })
  }

  return { confirm }
}

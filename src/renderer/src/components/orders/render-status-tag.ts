import { h } from 'vue'
import { NTag } from 'naive-ui'
import type { SelectRenderTag } from 'naive-ui'
import { statusLabel } from '@renderer/lib/order-status'

/** The status filter's tags name the status alone; the counts belong to the menu. */
export const renderStatusTag: SelectRenderTag = ({ option, handleClose }) =>
  h(NTag, { size: 'small', closable: true, onClose: handleClose }, () =>
    statusLabel(String(option.value)),
  )

import { defineHandlers } from '../ipc/define-handlers'
import type { PickListDesk } from './picklist-desk'

/** The pick list on paper, from the offline copy: works offline too. */
export function picklistHandlers(pickList: PickListDesk) {
  return defineHandlers({
    'picklist:print': (request) => pickList.print(request),
    'picklist:pdf': (request) => pickList.savePdf(request),
  })
}

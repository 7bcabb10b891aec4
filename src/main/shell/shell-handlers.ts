import { defineHandlers } from '../ipc/define-handlers'
import { PerkPackError } from '../core/system/perkpack-errors'
import { isAllowedExternalUrl } from './external-links'

/** `openExternal`: Electron's shell, or (web harness) an approval the page acts on. */
export function shellHandlers(openExternal: (url: string) => Promise<boolean> | boolean) {
  return defineHandlers({
    'shell:openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new PerkPackError(
          'link_not_allowed',
          'PerkPack opens only https links to the crowdfunding platform (indiegogo.com) in your ' +
            'browser; this link was not opened. Copy it if you trust it.',
        )
      }
      return openExternal(url)
    },
  })
}

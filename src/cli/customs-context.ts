import { campaignCustoms } from '../main/core/catalog/customs-context'
import { readSettings } from '../main/core/session/profile'
import type { CustomsContext } from '../shared/catalog'
import type { CliContext } from './context'
import { plural } from '../shared/export/check-text'

/**
 * The campaign's catalogue, currency and sender country as the app reads them (the same
 * settings.json and campaign names): the shipper CSV, the packing list, the checks, the CN22
 * and the CN23 of the command line agree with the app's.
 */
export function cliCustoms(context: CliContext, campaignId: number): CustomsContext {
  return campaignCustoms(campaignId, {
    catalog: (id) => context.cache().catalog().load(id).catalog,
    currency: (id) => context.campaignNames().currency(id),
    senderCountry: () => readSettings(context.target.dataDir).senderCountry,
  })
}

/** What `labels --cn22` put on the labels, and where the CN23s are printed. */
export function customsFormsText(forms: { cn22: number; cn23: number }, campaignId: number) {
  const cn23 =
    forms.cn23 === 0
      ? ''
      : `; ${plural(forms.cn23, 'label')} ${forms.cn23 === 1 ? 'says' : 'say'} "See CN23": print ${forms.cn23 === 1 ? 'it' : 'them'} with perkpack customs ${campaignId} --out FILE.pdf`
  return `Customs: ${plural(forms.cn22, 'label')} with a CN22${cn23}.\n`
}

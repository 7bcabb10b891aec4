import { z } from 'zod'
import { campaignIdSchema, text } from './field-schemas'

/** A campaign's name as a person gives it: one line, short enough for a sidebar and a file name. */
export const MAX_CAMPAIGN_NAME_LENGTH = 120

export const renameCampaignSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** Empty: back to the title the API gave, or the slug made readable. */
  name: text(
    'Campaign name',
    MAX_CAMPAIGN_NAME_LENGTH,
    `Shorten the name to ${MAX_CAMPAIGN_NAME_LENGTH} characters.`,
  ),
})

/** `campaigns:open`: the campaign exists (or has an offline copy while offline). */
export interface CampaignOpened {
  campaignId: number
  /** The name it is shown by: the person's, else its title, else its slug made readable. */
  name: string
  /** An offline copy is on this computer. */
  offlineCopy: boolean
  /** False when the API could not be reached and the offline copy opened unchecked. */
  checked: boolean
}

/** `demo:campaigns`: a campaign the demo's simulator serves, to pick instead of typing an id. */
export interface DemoCampaign {
  campaignId: number
  name: string
}

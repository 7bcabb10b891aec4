import type { DemoDesk } from '../demo/demo'
import type { SessionFeature } from '../session/session-feature'
import { CampaignDesk } from './campaign-open'

export interface CampaignsFeatureDeps {
  /** The API client and the campaign names kept per profile. */
  session: Pick<SessionFeature, 'connection' | 'names'>
  /** The demo's campaigns, offered by name while it runs. */
  demo: Pick<DemoDesk, 'knownCampaigns'>
}

/** Campaigns opened, named, listed as recent. Needs the session and the demo. */
export function createCampaignsFeature({ session, demo }: CampaignsFeatureDeps): CampaignDesk {
  return new CampaignDesk(session.connection, session.names, () => demo.knownCampaigns())
}

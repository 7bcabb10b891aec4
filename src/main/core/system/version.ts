import packageJson from '../../../../package.json'

export const VERSION: string = packageJson.version
/** Plain on purpose: one public client reports the API refusing unusual User-Agents. */
export const USER_AGENT = `PerkPack/${VERSION}`

// The IPC contract, by concern: what the renderer may ask (channels.ts, spreading the
// <feature>-channels.ts tables, whose arguments' zod schemas are in <feature>-schemas.ts and the
// shared fields in field-schemas.ts), what main answers (results.ts and <feature>-results.ts),
// how failures travel (envelope.ts, error-codes.ts), the closed sets and ranges both ends share
// (enums.ts, limits.ts), and the bridge factory the preload and the web harness build
// `window.perkpack` with (bridge.ts). The rest of the code imports the contract from here.
export * from './bridge'
export * from './campaign-names'
export * from './dashboard-import'
export * from './channels'
export * from './enums'
export * from './envelope'
export * from './error-codes'
export * from './job-id'
export * from './limits'
export * from './results'
export * from './slip-batches'
export * from './team-results'
export * from './team-schemas'
export * from './settings-schemas'
export * from './session-schemas'
export * from './sync-schemas'
export * from './orders-schemas'
export * from './export-schemas'
export * from './print-schemas'
export * from './floor-schemas'
export * from './signups-schemas'
export * from './picklist-schemas'
export * from './waves-schemas'
export * from './catalog-schemas'
export * from './catalog-results'

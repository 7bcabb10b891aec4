// The IPC contract, by concern: what the renderer may ask (channels.ts, with its argument
// schemas), what main answers (results.ts), how failures travel (envelope.ts, error-codes.ts),
// the closed sets and ranges both ends share (enums.ts, limits.ts), and the bridge factory the
// preload and the web harness build `window.perkpack` with (bridge.ts).
export * from './argument-schemas'
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

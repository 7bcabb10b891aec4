export { startSimulator } from './server'
export { generateDataset } from './data'
export type { SimAccounts, Simulator, SimulatorOptions } from './server'
export { DEFAULT_FAULTS, FAIL_KINDS, FaultConfigError } from './faults'
export type { FailKind, FaultConfig, InsertDuringWalk } from './faults'
export type { Endpoint, SimStats } from './server-stats'
export { DEFAULT_TOKEN_TTL_SECONDS } from './server-tokens'
export { BACKER_CREDENTIALS, DEMO_CREDENTIALS } from './model'
export type { DatasetOptions, JobOutcome, SimDataset, SimJobPlan, SimUser } from './model'
export {
  BREAK_KINDS,
  BROKEN_SHARE,
  CAMPAIGN_DRIFT_KINDS,
  DRIFT_KINDS,
  driftPlan,
  isDrifted,
  NON_NUMERIC_ID_SHARE,
  ODD_ITEM_SHAPES,
  OPTIONAL_SLOTS,
  rowDrift,
} from './drift'
export type {
  BreakKind,
  CampaignDriftKind,
  DriftKind,
  DriftPlan,
  OddItemShape,
  RowDrift,
} from './drift'

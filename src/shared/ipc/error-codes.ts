/**
 * Every stable error code PerkPack gives, once: `PerkPackError` takes only these, so main cannot
 * raise a code the renderer has never heard of, and the renderer cannot wait for one main never
 * sends. Messages are for people; codes are for code.
 */
export const IPC_ERROR_CODES = [
  // Anything: bad input from a person, a cancelled operation, a bug (message generic, log full).
  'usage',
  'cancelled',
  'internal',
  'closing',
  // The IPC layer: arguments refused by their schema, a frame that is not our page.
  'invalid_arguments',
  'untrusted_sender',
  'link_not_allowed',
  // Sign-in: what the person must do next.
  'sign_in_required',
  'not_signed_in',
  'team_sign_in_required',
  'invalid_credentials',
  'demo_failed',
  'target_mismatch',
  // The platform's API (ApiError: `api_` and its kind).
  'api_auth',
  'api_forbidden',
  'api_not_found',
  'api_rate_limited',
  'api_server',
  'api_network',
  'api_bad_response',
  'api_bad_request',
  // Syncs and the offline copy.
  'sync_unstable',
  'sync_shrank',
  'shrink_not_pending',
  'campaign_not_synced',
  'orders_result_gone',
  'order_not_found',
  'cache_damaged',
  'cache_newer',
  'cache_unavailable',
  'cache_busy',
  'cache_bad_profile',
  'cache_snapshot_closed',
  'cache_snapshot_superseded',
  'cache_bad_value',
  'cache_key_mismatch',
  // Exports, printing and saving files.
  'nothing_selected',
  'nothing_to_print',
  'save_unavailable',
  'print_unavailable',
  'print_failed',
  'print_cancelled',
  'export_no_folder',
  'export_unwritable',
  'export_busy',
  'export_is_folder',
  'export_disk_full',
  'export_write_failed',
  'open_unavailable',
  'saved_pdf_gone',
  // The dashboard's contributions file imported in the app.
  'dashboard_preview_gone',
  'dashboard_file_unreadable',
  // The packing floor: tracking files.
  'tracking_preview_gone',
  // The packing floor: a pack or a tracking number main refuses for an order that must not ship.
  'order_stopped',
  'tracking_not_shipped',
  // The packing floor: waves (a name taken, an order in another open wave; no such wave).
  'wave_conflict',
  'wave_not_found',
  // Team mode (src/main/core/team): the shared store on PostgreSQL.
  'team_url',
  'team_unreachable',
  'team_schema_old',
  'team_schema_newer',
  'team_refused',
  // The web harness's transport (src/web): it answers in the same envelopes.
  'harness_unreachable',
  'unknown_channel',
  'bad_request',
  'forbidden',
  'not_found',
] as const

export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number]

/** What an ApiError is about; its code is `api_` and this. */
export type ApiErrorKind = IpcErrorCode extends infer C
  ? C extends `api_${infer Kind}`
    ? Kind
    : never
  : never

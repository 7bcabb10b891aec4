export const EXIT_OK = 0
/** Network, server, or `sync --strict` with unreadable rows. */
export const EXIT_FAILURE = 1
/** Usage, missing credentials, bad input. */
export const EXIT_USAGE = 2
/** `perkpack sync` held back a much smaller snapshot (see --accept-shrink). */
export const EXIT_SHRINK = 3
/** `perkpack pack`: the order was packed already (at another station or earlier). */
export const EXIT_CONFLICT = 4

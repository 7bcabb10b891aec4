export const EXIT_OK = 0
/** Network, server, rate limits (worth trying again later), or `sync --strict` with unreadable rows. */
export const EXIT_FAILURE = 1
/** Usage, missing or refused credentials, bad input (an option, an ID the API does not know). */
export const EXIT_USAGE = 2
/** `perkpack sync` held back a much smaller snapshot (see --accept-shrink). */
export const EXIT_SHRINK = 3
/** `perkpack pack`: the order was packed already (at another station or earlier). */
export const EXIT_CONFLICT = 4

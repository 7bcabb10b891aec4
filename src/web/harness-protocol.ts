/**
 * The names the harness server and its page (bridge-client.ts) must agree on. Imported by the
 * browser bundle too: plain constants only.
 */

/** Programmatic clients (tests, scripts) may carry the run's token in this header. */
export const TOKEN_HEADER = 'x-perkpack-harness'
/** The query parameter of the printed URL: `/?token=...` trades it for the page's cookie. */
export const TOKEN_QUERY = 'token'
/** On a call's answer: the number of the last event sent before it. */
export const SEQ_HEADER = 'x-perkpack-event-seq'
/** The first frame of an event stream, sent at once with the last event number. */
export const HELLO_EVENT = 'harness:hello'

export const BRIDGE_PATH = '/__harness/bridge.js'
export const EVENTS_PATH = '/__harness/events'
export const IPC_PATH_PREFIX = '/__harness/ipc/'
/** Every harness endpoint starts so; the rest of the paths are the built renderer's files. */
export const HARNESS_PATH_PREFIX = '/__harness/'

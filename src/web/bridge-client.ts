import { createBridge } from '../shared/ipc'
import type { Invoke, IpcEnvelope, Subscribe } from '../shared/ipc'
import { EVENTS_PATH, HELLO_EVENT, IPC_PATH_PREFIX, SEQ_HEADER } from './harness-protocol'

/**
 * `window.perkpack` for the built renderer in a plain browser: the same bridge factory as the
 * preload, carried over HTTP (calls) and Server-Sent Events (events) to the web harness. Bundled
 * by esbuild when the harness starts and loaded before the app's own script. It holds no token:
 * same-origin requests carry the harness's HttpOnly cookie (set by the printed URL) by themselves.
 */

/** The little of the DOM used here; the node tsconfig has no DOM library. */
interface BrowserGlobals {
  open(url: string, target: string, features: string): unknown
  perkpack?: unknown
}

const browser = globalThis as unknown as BrowserGlobals

/** Number of the last event dispatched (see event-stream.ts: answers wait for earlier events). */
let lastSeen = 0
let connected = false
const seenWaiters = new Set<() => void>()
const EVENT_WAIT_MS = 1000

/** Resolves once the events sent before an answer have been dispatched, or after a second. */
function eventsUpTo(seq: number): Promise<void> {
  if (!connected || lastSeen >= seq) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      seenWaiters.delete(check)
      resolve()
    }
    const check = () => {
      if (lastSeen >= seq) done()
    }
    const timer = setTimeout(done, EVENT_WAIT_MS)
    seenWaiters.add(check)
  })
}

const unreachable = (detail: string): IpcEnvelope<never> => ({
  ok: false,
  error: {
    code: 'harness_unreachable',
    message: `The web harness did not answer (${detail}). Start it again with npm run web.`,
  },
})

const invoke = (async (channel: string, ...args: unknown[]) => {
  let envelope: IpcEnvelope<unknown>
  try {
    const response = await fetch(`${IPC_PATH_PREFIX}${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    })
    envelope = (await response.json()) as IpcEnvelope<unknown>
    await eventsUpTo(Number(response.headers.get(SEQ_HEADER) ?? 0))
  } catch (error) {
    return unreachable(error instanceof Error ? error.message : String(error))
  }
  // Electron opens allowed links from main; here main can only approve, the page opens them.
  if (channel === 'shell:openExternal' && envelope.ok && envelope.value === true) {
    const url = (args[0] as { url?: unknown } | undefined)?.url
    if (typeof url === 'string') browser.open(url, '_blank', 'noopener,noreferrer')
  }
  return envelope
}) as Invoke

type Listener = (payload: unknown) => void
const listeners = new Map<string, Set<Listener>>()

function dispatch(block: string): void {
  let event = 'message'
  let id: number | null = null
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
    else if (line.startsWith('id:')) id = Number(line.slice(3).trim())
  }
  if (data.length > 0 && event !== HELLO_EVENT) {
    let payload: unknown = undefined
    try {
      payload = JSON.parse(data.join('\n'))
    } catch {
      // A frame we cannot read is skipped; its number still counts below.
    }
    for (const listener of payload === undefined ? [] : (listeners.get(event) ?? [])) {
      try {
        listener(payload)
      } catch (error) {
        console.error(error)
      }
    }
  }
  if (id !== null && Number.isFinite(id)) {
    lastSeen = id
    for (const check of [...seenWaiters]) check()
  }
}

/**
 * The event stream, read with fetch rather than EventSource: the first frame resolves the fetch,
 * so `connected` is known, and a failed stream is retried here. Reconnects after a second when
 * the harness restarts.
 */
async function connect(): Promise<void> {
  try {
    const response = await fetch(EVENTS_PATH, {
      headers: { accept: 'text/event-stream' },
    })
    if (!response.ok || !response.body) throw new Error(`status ${response.status}`)
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    connected = true
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += value.replace(/\r\n/g, '\n')
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        dispatch(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
      }
    }
  } catch {
    // Reconnect below.
  }
  connected = false
  for (const check of [...seenWaiters]) check()
  setTimeout(() => void connect(), 1000)
}

const subscribe = ((event: string, listener: Listener) => {
  let set = listeners.get(event)
  if (!set) {
    set = new Set()
    listeners.set(event, set)
  }
  // Wrapped, so subscribing the same function twice still needs two unsubscribes, as in Electron.
  const entry: Listener = (payload) => listener(payload)
  set.add(entry)
  return () => {
    set.delete(entry)
  }
}) as Subscribe

void connect()
browser.perkpack = Object.freeze(createBridge(invoke, subscribe))

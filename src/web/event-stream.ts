import type { IncomingMessage, ServerResponse } from 'node:http'
import type { IpcEventName, IpcEvents } from '../shared/ipc'
import { BASE_HEADERS } from './http-replies'
import { HELLO_EVENT } from './harness-protocol'

const HEARTBEAT_MS = 15_000

/**
 * The app's events as Server-Sent Events to every open page. Numbered, so the page can hold an
 * answer until the events sent before it have arrived: Electron keeps that order on its one
 * channel, two HTTP connections do not.
 */
export class EventStreams {
  private readonly streams = new Set<ServerResponse>()
  private seq = 0
  private heartbeat: NodeJS.Timeout | null = null

  /** The number of the last event sent; a call's answer carries it. */
  get lastSeq(): number {
    return this.seq
  }

  emit<E extends IpcEventName>(event: E, payload: IpcEvents[E]): void {
    this.seq++
    const frame = `id: ${this.seq}\nevent: ${event}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const stream of this.streams) stream.write(frame)
  }

  open(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      ...BASE_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    // At once, so the client's fetch resolves, with the number of the last event already sent.
    res.write(`id: ${this.seq}\nevent: ${HELLO_EVENT}\ndata: {}\n\n`)
    this.streams.add(res)
    req.on('close', () => this.streams.delete(res))
  }

  /** Comment frames keep idle streams open through proxies and the browser's own timeouts. */
  startHeartbeat(): void {
    this.heartbeat ??= setInterval(() => {
      for (const stream of this.streams) stream.write(': ping\n\n')
    }, HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat)
    for (const stream of this.streams) stream.end()
    this.streams.clear()
  }
}

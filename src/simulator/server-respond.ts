import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** A complete answer, built by a handler and written (or sabotaged) by the server. */
export interface Reply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/**
 * Thrown by handlers and validators; turned into a JSON `{error, message}` reply. Messages are
 * fixed strings: nothing the client sent (tokens above all) is ever echoed back.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  toReply(): Reply {
    return {
      status: this.status,
      body: { error: this.code, message: this.message },
      headers: this.headers,
    }
  }
}

export function errorReply(status: number, code: string, message: string): Reply {
  return { status, body: { error: code, message } }
}

function encode(reply: Reply): Buffer {
  return Buffer.from(JSON.stringify(reply.body), 'utf8')
}

function writeHead(res: ServerResponse, status: number, length: number, extra = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(length),
    'Cache-Control': 'no-store',
    ...extra,
  })
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const body = encode(reply)
  writeHead(res, reply.status, body.length, reply.headers)
  res.end(body)
}

/**
 * 200 with the JSON cut in half. Any proper prefix of a JSON object is invalid JSON, and the
 * Content-Length matches the cut body, so the client sees a clean HTTP response of bad JSON
 * (what a misbehaving proxy produces), not a network error.
 */
export function sendTruncated(res: ServerResponse, reply: Reply): void {
  const body = encode(reply)
  const cut = body.subarray(0, Math.max(1, Math.floor(body.length / 2)))
  writeHead(res, 200, cut.length)
  res.end(cut)
}

/**
 * Headers promising the whole body, a part of it, then a TCP reset: the client's fetch (or its
 * body read) fails with a network error mid-response.
 */
export function sendReset(res: ServerResponse, reply: Reply): void {
  const body = encode(reply)
  writeHead(res, reply.status, body.length, reply.headers)
  const socket = res.socket
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => resetSocket(socket))
}

export function resetSocket(socket: Socket | null): void {
  if (!socket || socket.destroyed) return
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy()
  else socket.destroy()
}

const MAX_BODY_BYTES = 64 * 1024

/** The request body as text; refuses oversized bodies so a stray upload cannot eat memory. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'payload_too_large', 'The request body is larger than 64 KiB.')
    }
    chunks.push(buf)
  }
  return Buffer.concat(chunks).toString('utf8')
}

import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileHandle } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { cancelledError } from '../src/main/core/print/pdf-canvas'

/**
 * A headless Chrome, Chromium or Edge driven over the DevTools protocol on a pipe (no port, no
 * network), printing print documents to PDF as the app's hidden window does: the CSS `@page`
 * size, backgrounds kept, no header or footer. One browser serves many documents (the batches
 * of a slip run), and nothing has a time limit: a large document takes what it takes, and the
 * caller's AbortSignal stops it. Everything it writes (profile, documents) lives in one private
 * temporary folder (mkdtemp: created exclusively, unpredictable name, 0700), removed on close,
 * on failure and on cancel.
 */

const FLAGS = [
  '--headless',
  '--remote-debugging-pipe',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
]

interface Pending {
  resolve: (value: Record<string, unknown>) => void
  reject: (error: Error) => void
}

type EventHandler = (method: string, params: Record<string, unknown>) => void

export class HeadlessBrowser {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private readonly handlers = new Set<EventHandler>()
  /** Rejecters of everything waiting on an event, called when the browser fails. */
  private readonly waiters = new Set<(error: Error) => void>()
  private buffer = ''
  private failure: Error | undefined
  private closed = false

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  static async launch(executable: string, signal?: AbortSignal): Promise<HeadlessBrowser> {
    if (signal?.aborted) throw cancelledError()
    const dir = await mkdtemp(join(tmpdir(), 'perkpack-print-'))
    const root = typeof process.getuid === 'function' && process.getuid() === 0
    let child: ChildProcess
    try {
      child = spawn(
        executable,
        [
          ...FLAGS,
          // Chromium refuses to start as root with its sandbox (containers, CI).
          ...(root ? ['--no-sandbox'] : []),
          `--user-data-dir=${join(dir, 'profile')}`,
          'about:blank',
        ],
        {
          stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
          // Chromium's own temporary files go into the private folder too, and go with it.
          env: { ...process.env, TMPDIR: dir },
          // Its own process group (POSIX), so ending it ends its helpers too: none is left
          // writing into the folder after it is removed.
          detached: process.platform !== 'win32',
        },
      )
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      throw browserError(error)
    }
    const browser = new HeadlessBrowser(child, dir, signal)
    browser.listen()
    try {
      await browser.send('Browser.getVersion')
    } catch (error) {
      await browser.close()
      throw error
    }
    return browser
  }

  private listen(): void {
    const output = this.child.stdio[4] as Readable
    output.setEncoding('utf8')
    output.on('data', (chunk: string) => {
      this.buffer += chunk
      let end: number
      while ((end = this.buffer.indexOf('\0')) !== -1) {
        const message = this.buffer.slice(0, end)
        this.buffer = this.buffer.slice(end + 1)
        this.dispatch(JSON.parse(message) as Record<string, unknown>)
      }
    })
    const fail = (error: Error) => {
      if (this.failure !== undefined) return
      this.failure = error
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
      for (const reject of this.waiters) reject(error)
      this.waiters.clear()
    }
    this.child.once('error', (error) => fail(browserError(error)))
    this.child.once('exit', () =>
      fail(
        this.closed || this.signal?.aborted
          ? cancelledError()
          : new Error(
              'The browser making the PDF stopped unexpectedly. Try again; if it happens again, try fewer orders at a time.',
            ),
      ),
    )
    ;(this.child.stdio[3] as Writable).on('error', () => undefined)
    this.signal?.addEventListener('abort', () => this.kill(), { once: true })
  }

  private dispatch(message: Record<string, unknown>): void {
    const id = message.id
    if (typeof id === 'number') {
      const waiting = this.pending.get(id)
      if (waiting === undefined) return
      this.pending.delete(id)
      const error = message.error as { message?: string } | undefined
      if (error !== undefined) {
        waiting.reject(
          new Error(`The browser could not make the PDF (${error.message ?? 'unknown error'}).`),
        )
      } else waiting.resolve((message.result ?? {}) as Record<string, unknown>)
      return
    }
    if (typeof message.method === 'string') {
      const params = (message.params ?? {}) as Record<string, unknown>
      const session = typeof message.sessionId === 'string' ? message.sessionId : ''
      for (const handler of this.handlers) handler(`${session}:${message.method}`, params)
    }
  }

  send(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> {
    if (this.signal?.aborted) return Promise.reject(cancelledError())
    if (this.failure !== undefined) return Promise.reject(this.failure)
    const id = this.nextId++
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      ;(this.child.stdio[3] as Writable).write(`${message}\0`)
    })
  }

  private once(event: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        this.handlers.delete(handler)
        reject(error)
      }
      const handler: EventHandler = (name) => {
        if (name !== event) return
        this.handlers.delete(handler)
        this.waiters.delete(fail)
        resolve()
      }
      this.handlers.add(handler)
      this.waiters.add(fail)
    })
  }

  /**
   * Prints `html` to the PDF file `out` (written as it streams in; the caller renames it into
   * place). Scripts cannot run: the document's policy forbids them.
   */
  async printToPdf(html: string, out: string): Promise<void> {
    // The output first: a folder that cannot be written to fails before any printing.
    const output = await open(out, 'wx')
    const file = join(this.dir, `${randomUUID()}.html`)
    let targetId: string | undefined
    try {
      await writeFile(file, html, { encoding: 'utf8', mode: 0o600, flag: 'wx' })
      targetId = (await this.send('Target.createTarget', { url: 'about:blank' })).targetId as string
      const { sessionId } = (await this.send('Target.attachToTarget', {
        targetId,
        flatten: true,
      })) as { sessionId: string }
      await this.send('Page.enable', {}, sessionId)
      const loaded = this.once(`${sessionId}:Page.loadEventFired`)
      await this.send('Page.navigate', { url: pathToFileURL(file).href }, sessionId)
      await loaded
      // Fonts arrive as data: URLs and load on first use: print once every one is in.
      await this.send(
        'Runtime.evaluate',
        { expression: 'document.fonts.ready.then(() => true)', awaitPromise: true },
        sessionId,
      )
      const { stream } = (await this.send(
        'Page.printToPDF',
        {
          preferCSSPageSize: true,
          printBackground: true,
          displayHeaderFooter: false,
          marginTop: 0,
          marginBottom: 0,
          marginLeft: 0,
          marginRight: 0,
          transferMode: 'ReturnAsStream',
        },
        sessionId,
      )) as { stream: string }
      await this.drain(stream, output, sessionId)
    } finally {
      if (targetId !== undefined && this.failure === undefined) {
        await this.send('Target.closeTarget', { targetId }).catch(() => undefined)
      }
      await output.close()
      await rm(file, { force: true })
    }
  }

  private async drain(handle: string, file: FileHandle, sessionId: string): Promise<void> {
    for (;;) {
      const chunk = (await this.send('IO.read', { handle, size: 1 << 20 }, sessionId)) as {
        data: string
        base64Encoded?: boolean
        eof: boolean
      }
      await file.write(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'))
      if (chunk.eof) break
    }
    await this.send('IO.close', { handle }, sessionId).catch(() => undefined)
  }

  /** Ends the browser and every process it started. */
  private kill(): void {
    const pid = this.child.pid
    if (pid !== undefined && process.platform !== 'win32') {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
    }
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }

  /** Ends the browser and removes its temporary folder; safe to call twice. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true
      const exited = new Promise<void>((resolve) => {
        if (this.child.exitCode !== null || this.child.signalCode !== null) resolve()
        else this.child.once('exit', () => resolve())
      })
      if (this.failure === undefined) await this.send('Browser.close').catch(() => undefined)
      // A browser that ignores Browser.close is ended; closing never waits on it for long.
      const timer = setTimeout(() => this.kill(), 5_000)
      await exited
      clearTimeout(timer)
      // Helpers that outlive the browser (the renderers of a killed one) go with its group.
      this.kill()
    }
    await rm(this.dir, { recursive: true, force: true }).catch(() => undefined)
  }
}

function browserError(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code
  return new Error(
    `The browser for making PDFs could not be started (${code ?? 'unknown error'}). Check that it is installed and can run, or set PERKPACK_BROWSER to another one.`,
    { cause: error },
  )
}

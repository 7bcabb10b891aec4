import { describe, expect, it, vi } from 'vitest'
import { IPC_CHANNELS, IPC_EVENTS } from '../../src/shared/ipc'

// The preload with Electron faked: what it hands the page is all the page ever gets of Electron.
const exposed: [string, Record<string, unknown>][] = []
const ipcRenderer = {
  invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({
    ok: true,
    value: { channel, args },
  })),
  on: vi.fn(),
  removeListener: vi.fn(),
  send: vi.fn(),
}
vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.push([key, api]),
  },
  ipcRenderer,
}))

describe('the preload: named methods only, never an Electron API', () => {
  it('exposes window.perkpack with one function per channel and event, and nothing else', async () => {
    await import('../../src/preload/index')
    expect(exposed.map(([key]) => key)).toEqual(['perkpack'])
    const bridge = exposed[0]![1]
    const expected = [
      ...Object.values(IPC_CHANNELS).map((spec) => spec.method),
      ...Object.values(IPC_EVENTS).map((spec) => spec.method),
    ].sort()
    expect(Object.keys(bridge).sort()).toEqual(expected)
    for (const value of Object.values(bridge)) {
      expect(typeof value).toBe('function')
      expect(value).not.toBe(ipcRenderer.invoke)
    }

    // A method reaches its own channel only, and answers the envelope, not an Electron object.
    const [channel, spec] = Object.entries(IPC_CHANNELS)[0]!
    const answer = await (bridge[spec.method] as (...args: unknown[]) => Promise<unknown>)('x')
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(channel, 'x')
    expect(answer).toEqual({ ok: true, value: { channel, args: ['x'] } })

    // A listener gets the payload, never the IpcRendererEvent (whose sender could send anything).
    const [eventName, eventSpec] = Object.entries(IPC_EVENTS)[0]!
    const received: unknown[][] = []
    ;(bridge[eventSpec.method] as (listener: (...args: unknown[]) => void) => unknown)((...args) =>
      received.push(args),
    )
    const [name, forward] = ipcRenderer.on.mock.lastCall as unknown as [
      string,
      (event: unknown, payload: unknown) => void,
    ]
    expect(name).toBe(eventName)
    forward({ sender: ipcRenderer }, { done: 1 })
    expect(received).toEqual([[{ done: 1 }]])
    expect(ipcRenderer.send).not.toHaveBeenCalled()
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { rendererBuildCurrent } from '../../src/web/renderer-build'

// The e2e files and the web tests serve the built renderer. A build older than the sources
// served yesterday's screens: tests failed on a button the sources had and the build had not.

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-build-'))
  dirs.push(root)
  const write = (file: string, secondsAgo: number) => {
    const at = path.join(root, file)
    fs.mkdirSync(path.dirname(at), { recursive: true })
    fs.writeFileSync(at, 'x')
    const when = new Date(Date.now() - secondsAgo * 1000)
    fs.utimesSync(at, when, when)
  }
  write('src/renderer/src/App.vue', 300)
  write('src/shared/ipc/channels.ts', 300)
  write('src/preload/index.ts', 300)
  write('electron.vite.config.ts', 300)
  return { root, out: path.join(root, 'out', 'renderer'), write }
}

describe('rendererBuildCurrent', () => {
  it('takes a build written after every source', () => {
    const { root, out, write } = checkout()
    expect(rendererBuildCurrent(out, root)).toBe(false)
    write('out/renderer/index.html', 100)
    expect(rendererBuildCurrent(out, root)).toBe(true)
  })

  it('refuses a build older than a changed source, however deep, shared code too', () => {
    const { root, out, write } = checkout()
    write('out/renderer/index.html', 100)
    write('src/renderer/src/components/waves/deep/StockCard.vue', 10)
    expect(rendererBuildCurrent(out, root)).toBe(false)
    write('out/renderer/index.html', 5)
    expect(rendererBuildCurrent(out, root)).toBe(true)
    write('src/shared/waves/stock-variants.ts', 1)
    expect(rendererBuildCurrent(out, root)).toBe(false)
  })
})

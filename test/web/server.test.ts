import { describe, expect, it } from 'vitest'
import { injectHarness } from '../../src/web/server'

describe('web harness page', () => {
  it('puts the bridge before the app script', () => {
    const html =
      '<head><meta charset="UTF-8" />\n<script type="module" crossorigin src="./assets/a.js"></script></head>'
    const out = injectHarness(html)
    const bridge = out.indexOf('<script src="/__harness/bridge.js"></script>')
    const app = out.indexOf('<script type="module"')
    expect(bridge).toBeGreaterThan(-1)
    expect(bridge).toBeLessThan(app)
  })
})

import { describe, expect, it } from 'vitest'
import { injectHarness } from '../../src/web/server'

describe('web harness page', () => {
  it('puts the token and the bridge before the app script', () => {
    const html =
      '<head><meta charset="UTF-8" />\n<script type="module" crossorigin src="./assets/a.js"></script></head>'
    const out = injectHarness(html, 'abc123')
    const meta = out.indexOf('<meta name="perkpack-harness" content="abc123" />')
    const bridge = out.indexOf('<script src="/__harness/bridge.js"></script>')
    const app = out.indexOf('<script type="module"')
    expect(meta).toBeGreaterThan(-1)
    expect(meta).toBeLessThan(bridge)
    expect(bridge).toBeLessThan(app)
  })
})

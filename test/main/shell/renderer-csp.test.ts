import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { RENDERER_CSP } from '../../../src/main/shell/renderer-csp'

describe('content security policy', () => {
  it('sends as a header the same policy as the renderer page, plus frame-ancestors', () => {
    const html = fs.readFileSync(
      path.resolve(__dirname, '../../../src/renderer/index.html'),
      'utf8',
    )
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBeDefined()
    const directives = (csp: string) =>
      new Set(
        csp
          .split(';')
          .map((d) => d.trim().replace(/\s+/g, ' '))
          .filter(Boolean),
      )
    const header = directives(RENDERER_CSP)
    header.delete("frame-ancestors 'none'")
    const page = directives(meta as string)
    page.delete("frame-ancestors 'none'")
    expect(header).toEqual(page)
  })
})

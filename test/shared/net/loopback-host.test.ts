import { describe, expect, it } from 'vitest'
import { isLiteralLoopbackHost } from '../../../src/shared/net/loopback-host'

describe('isLiteralLoopbackHost', () => {
  it('takes localhost and the literal loopback addresses', () => {
    const local = ['localhost', 'LocalHost', '127.0.0.1', '127.8.9.10', '127.255.255.255', '::1']
    for (const host of [...local, '[::1]']) expect(isLiteralLoopbackHost(host), host).toBe(true)
  })

  it('refuses names a resolver answers and addresses not in the dotted form', () => {
    const elsewhere = [
      'localhost.localdomain',
      'ip6-localhost',
      'localhost.',
      '127.0.0.1.',
      'foo.localhost',
      '127.999.999.999',
      '127.256.0.1',
      '127.08.0.1',
      '127.0.0.01',
      '0x7f.1',
      '0x7f000001',
      '2130706433',
      '127.1',
      '127.0.1',
      '0177.0.0.1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      '128.0.0.1',
      '127.0.0.1.example.com',
      '',
    ]
    for (const host of elsewhere) expect(isLiteralLoopbackHost(host), host).toBe(false)
  })
})

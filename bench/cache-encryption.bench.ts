import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3-multiple-ciphers'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openCache } from '../src/main/core/cache'
import { syncCampaign } from '../src/main/core/sync/sync-engine'
import { fmt, runWhenScript, signedInClient, spawnSimulator } from './lib'

const CONTRIBUTIONS = Number(process.env.BENCH_CONTRIBUTIONS ?? 10_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const OPENS_PER_ROUND = 10
const KEY = '5e'.repeat(32)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** SQLite3 Multiple Ciphers' ciphers worth weighing; AEGIS-256 is the one in use. */
const CIPHERS = ['aegis', 'chacha20', 'sqlcipher'] as const

/**
 * Why AEGIS: a plaintext cache file copied and rekeyed with each cipher, then every row read
 * back in a fresh connection, interleaved rounds, median per cipher.
 */
function cipherScans(plainFile: string, dir: string): string[] {
  const files = new Map<string | null, string>([[null, plainFile]])
  for (const cipher of CIPHERS) {
    const file = join(dir, `cipher-${cipher}.sqlite`)
    copyFileSync(plainFile, file)
    const db = new Database(file)
    db.pragma(`cipher = '${cipher}'`)
    db.pragma(`rekey = "x'${KEY}'"`)
    db.close()
    files.set(cipher, file)
  }
  const scan = (cipher: string | null): number => {
    const db = new Database(files.get(cipher) as string)
    if (cipher) {
      db.pragma(`cipher = '${cipher}'`)
      db.pragma(`key = "x'${KEY}'"`)
    }
    const started = performance.now()
    db.prepare('SELECT * FROM contributions').all()
    const ms = performance.now() - started
    db.close()
    return ms
  }
  const times = new Map<string | null, number[]>([...files.keys()].map((c) => [c, []]))
  for (let round = 0; round < ROUNDS * 2; round++) {
    for (const cipher of files.keys()) times.get(cipher)?.push(scan(cipher))
  }
  const plain = median(times.get(null) ?? [])
  return CIPHERS.map((cipher) => {
    const ms = median(times.get(cipher) ?? [])
    return `| ${cipher} | ${fmt(plain, 0)} ms | ${fmt(ms, 0)} ms | ${fmt(ms / plain, 2)}x |`
  })
}

/**
 * The offline cache encrypted (issue 11 M2) against plaintext, same run: a privileged sync into
 * a fresh cache, and an open that reads every contribution back (what the Orders view does
 * first). Rounds alternate plaintext and encrypted so drift on a shared machine hits both. No
 * simulated latency: with it the network hides the cost being measured.
 */
export async function benchCacheEncryption(): Promise<string> {
  const sim = await spawnSimulator(['--contributions', String(CONTRIBUTIONS), '--latency-ms', '0'])
  const dirs: string[] = []
  try {
    const { client } = await signedInClient(sim)
    const campaignId = sim.campaignIds[0]!
    const plain = { sync: [] as number[], open: [] as number[] }
    const encrypted = { sync: [] as number[], open: [] as number[] }
    let lastPlainFile = ''
    const measure = async (key: string | undefined, into: typeof encrypted) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'perkpack-bench-enc-'))
      dirs.push(dataDir)
      const options = { dataDir, profile: 'bench', ...(key ? { key } : {}) }
      const cache = openCache(options)
      let started = performance.now()
      const { snapshot } = await syncCampaign({
        client,
        cache,
        campaignId,
        privileged: true,
        concurrency: 4,
      })
      into.sync.push(performance.now() - started)
      cache.close()
      if (snapshot.count !== CONTRIBUTIONS) throw new Error(`synced ${snapshot.count}`)
      started = performance.now()
      for (let i = 0; i < OPENS_PER_ROUND; i++) {
        const reopened = openCache(options)
        if (reopened.contributions(campaignId).length !== CONTRIBUTIONS) throw new Error('rows')
        reopened.close()
      }
      into.open.push((performance.now() - started) / OPENS_PER_ROUND)
      if (!key) lastPlainFile = cache.path
    }

    // Warm-up: JIT, the simulator's pages, the file system.
    await measure(undefined, { sync: [], open: [] })
    await measure(KEY, { sync: [], open: [] })
    for (let round = 0; round < ROUNDS; round++) {
      await measure(undefined, plain)
      await measure(KEY, encrypted)
    }
    const cipherRows = cipherScans(lastPlainFile, dirs[0] as string)
    const row = (what: string, plain: number[], enc: number[]) =>
      `| ${what} | ${fmt(median(plain), 0)} ms | ${fmt(median(enc), 0)} ms | ${fmt(median(enc) / median(plain), 2)}x |`
    return [
      `### Cache encryption: ${CONTRIBUTIONS.toLocaleString('en')} contributions, plaintext vs encrypted`,
      '',
      'AEGIS-256 pages (SQLite3 Multiple Ciphers, raw 256-bit key) against the same cache',
      `unencrypted, same run, ${ROUNDS} alternating rounds, medians. Sync: privileged, concurrency 4,`,
      'simulator in its own process without latency, into a fresh cache. Open: openCache and every',
      `contribution read back, ${OPENS_PER_ROUND} per round. Goal: encrypted within 1.15x of plaintext.`,
      '',
      '| Step | Plaintext | Encrypted | Encrypted / plaintext |',
      '|---|---|---|---|',
      row('Sync', plain.sync, encrypted.sync),
      row('Open + read all', plain.open, encrypted.open),
      '',
      'Cipher choice: the last plaintext cache rekeyed with each cipher, every row of the',
      '`contributions` table read in a fresh connection, interleaved rounds, medians:',
      '',
      '| Cipher | Plaintext | Encrypted | Encrypted / plaintext |',
      '|---|---|---|---|',
      ...cipherRows,
      '',
      'Command: `npx tsx bench/cache-encryption.bench.ts` (or `npm run bench -- cache-encryption`).',
    ].join('\n')
  } finally {
    await sim.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
}

runWhenScript('cache-encryption.bench.ts', benchCacheEncryption)

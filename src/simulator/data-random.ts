/**
 * Seeded randomness for the simulator dataset. Everything the generator draws comes from here so a
 * seed reproduces the same dataset on every machine and Node version (Math.random cannot be seeded).
 */

/** 32-bit avalanche hash (murmur3 finaliser) used to derive independent sub-seeds. */
export function mix32(a: number, b = 0): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * sfc32: small, fast and statistically sound for test data. Sub-generators are seeded with
 * `mix32(seed, purpose)` so that, for example, one backer's persona does not depend on how many
 * random numbers the contribution loop consumed before it.
 */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number, stream = 0) {
    this.a = mix32(seed, stream)
    this.b = mix32(this.a, 1)
    this.c = mix32(this.b, 2)
    this.d = 1
    // The first outputs of sfc32 still correlate with the seed words.
    for (let i = 0; i < 12; i++) this.nextUint32()
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Uniform integer in [min, max] (both inclusive). */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)]
    if (item === undefined) throw new RangeError('pick() from an empty list')
    return item
  }

  /** `digits` random decimal digits, leading zeros kept (postal codes, phone numbers). */
  digits(count: number): string {
    // One draw per call keeps 100k addresses cheap; 10^9 still fits the 32-bit resolution.
    if (count <= 9) return String(this.int(10 ** count)).padStart(count, '0')
    return this.digits(9) + this.digits(count - 9)
  }
}

/**
 * A weighted choice precomputed once: cumulative weights turn each draw into a short scan instead
 * of re-summing the weights for every row.
 */
export class Weighted<T> {
  private readonly values: T[]
  private readonly cumulative: number[]
  private readonly total: number

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new RangeError('Weighted needs at least one entry')
    this.values = entries.map(([value]) => value)
    let sum = 0
    this.cumulative = entries.map(([, weight]) => (sum += weight))
    this.total = sum
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total
    const cumulative = this.cumulative
    let i = 0
    while (i < cumulative.length - 1 && (cumulative[i] ?? 0) <= target) i++
    return this.values[i] as T
  }
}

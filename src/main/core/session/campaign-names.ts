import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { MAX_CAMPAIGN_NAME_LENGTH } from '../../../shared/ipc'
import { currencyOf } from '../../../shared/format/locale-format'
import type { Currency } from '../../../shared/format/locale-format'

interface NameEntry {
  /** Given by the person (Campaigns view, Rename); wins over everything else. */
  name?: string
  /** The campaign's title as an API answer carried it (account listing, the demo's data). */
  title?: string
  /** The campaign's currency, from the same campaign object: amounts are shown with it. */
  currency?: Currency
}

/** What a campaign object the API answered says about its campaign. */
export interface CampaignFacts {
  campaignId: number
  title: string | null | undefined
  currency?: unknown
}

/** campaign-names.json: per cache profile (one per API host and the demo), per campaign id. */
type NamesFile = Record<string, Record<string, NameEntry>>

/** "my-cool-campaign" -> "My cool campaign": a slug read aloud, for when no title is known. */
export function readableSlug(slug: string | null | undefined): string | null {
  const words = (slug ?? '')
    .trim()
    .split(/[-_\s]+/)
    .filter((w) => w !== '')
  if (words.length === 0) return null
  // A slug made only of digits is an id, not a name.
  if (words.every((w) => /^\d+$/.test(w))) return null
  const text = words.join(' ').toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_CAMPAIGN_NAME_LENGTH)
}

/**
 * The names campaigns are shown by (sidebar, headings, file names, slip headers), beside the
 * offline copies in the data folder. A damaged file costs the names, never a start.
 */
export class CampaignNames {
  private data: NamesFile | null = null

  constructor(
    private readonly dataDir: string,
    /** The cache profile of the host signed in to (Connection.profile). */
    private readonly profile: () => string,
  ) {}

  private get file(): string {
    return join(this.dataDir, 'campaign-names.json')
  }

  private load(): NamesFile {
    if (this.data) return this.data
    let data: NamesFile = {}
    try {
      if (existsSync(this.file)) {
        const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          data = parsed as NamesFile
      }
    } catch {
      data = {}
    }
    this.data = data
    return data
  }

  private save(): void {
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 })
    const temp = `${this.file}.${randomUUID()}.tmp`
    try {
      writeFileSync(temp, `${JSON.stringify(this.load(), null, 2)}\n`, { mode: 0o600, flag: 'wx' })
      renameSync(temp, this.file)
    } finally {
      rmSync(temp, { force: true })
    }
  }

  /**
   * Sign-out: the names and titles kept for the campaigns of this host go with its offline
   * copy. The file goes when no host has any left.
   */
  forget(profile: string = this.profile()): void {
    const data = this.load()
    if (!(profile in data)) return
    delete data[profile]
    if (Object.keys(data).length > 0) this.save()
    else rmSync(this.file, { force: true })
  }

  private entry(campaignId: number): NameEntry | undefined {
    const entry = this.load()[this.profile()]?.[String(campaignId)]
    return entry && typeof entry === 'object' ? entry : undefined
  }

  private update(campaignId: number, change: (entry: NameEntry) => NameEntry): void {
    const data = this.load()
    const profile = (data[this.profile()] ??= {})
    const next = change({ ...(profile[String(campaignId)] ?? {}) })
    if (next.name === undefined && next.title === undefined && next.currency === undefined)
      delete profile[String(campaignId)]
    else profile[String(campaignId)] = next
    this.save()
  }

  /**
   * The person's name for it, else its title, else its slug read aloud, else "Campaign 1234".
   * `slug` is what the offline copy knows (the sync keeps the perks' campaign_slug).
   */
  displayName(campaignId: number, slug?: string | null): string {
    const entry = this.entry(campaignId)
    const given = typeof entry?.name === 'string' ? oneLine(entry.name) : ''
    const title = typeof entry?.title === 'string' ? oneLine(entry.title) : ''
    return given || title || readableSlug(slug) || `Campaign ${campaignId}`
  }

  /** Renames; an empty name goes back to the title or slug. Answers the name shown now. */
  rename(campaignId: number, name: string, slug?: string | null): string {
    const clean = oneLine(name)
    this.update(campaignId, (entry) => {
      const next = { ...entry }
      delete next.name
      return clean === '' ? next : { ...next, name: clean }
    })
    return this.displayName(campaignId, slug)
  }

  /** Titles (and currencies) an API answer carried; written only when one changed. */
  noteTitles(titles: Iterable<CampaignFacts>): void {
    for (const { campaignId, title, currency } of titles) {
      const clean = typeof title === 'string' ? oneLine(title) : ''
      const money = currencyOf(currency)
      const entry = this.entry(campaignId)
      const newTitle = clean !== '' && entry?.title !== clean
      const newMoney = money !== null && JSON.stringify(entry?.currency) !== JSON.stringify(money)
      if (!newTitle && !newMoney) continue
      this.update(campaignId, (old) => ({
        ...old,
        ...(clean === '' ? {} : { title: clean }),
        ...(money === null ? {} : { currency: money }),
      }))
    }
  }

  /** Whether an API answer gave this campaign's title. */
  hasTitle(campaignId: number): boolean {
    const title = this.entry(campaignId)?.title
    return typeof title === 'string' && oneLine(title) !== ''
  }

  /** The campaign's currency, as its campaign object gave it; null when none was seen. */
  currency(campaignId: number): Currency | null {
    return currencyOf(this.entry(campaignId)?.currency)
  }
}

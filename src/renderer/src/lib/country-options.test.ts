import { describe, expect, it } from 'vitest'
import { countryMatches, countryOptions } from './country-options'

describe('the country filter', () => {
  const options = countryOptions([
    { country: 'DE', count: 120 },
    { country: 'Deutschland', count: 3 },
    { country: 'GB', count: 77 },
    { country: 'US', count: 1204 },
    { country: 'AE', count: 5 },
    { country: 'AU', count: 40 },
    { country: 'Atlantis', count: 1 },
  ])

  it('names each country with its orders, sorted by name, spellings of one country apart', () => {
    expect(options.map((o) => [o.label, o.value])).toEqual([
      ['Atlantis (1)', 'Atlantis'],
      ['Australia (40)', 'AU'],
      ['Germany (120)', 'DE'],
      ['Germany, as “Deutschland” (3)', 'Deutschland'],
      ['United Arab Emirates (5)', 'AE'],
      ['United Kingdom (77)', 'GB'],
      ['United States (1,204)', 'US'],
    ])
  })

  it('finds countries by part of a name, by code, and by a name in another language', () => {
    const found = (typed: string) =>
      options.filter((o) => countryMatches(typed, o)).map((o) => o.value)
    expect(found('United')).toEqual(['AE', 'GB', 'US'])
    expect(found('kingdom')).toEqual(['GB'])
    // A code finds its country, not every name holding those letters (Australia, Russia...).
    expect(found('us')).toEqual(['US'])
    expect(found('UK')).toEqual(['GB'])
    expect(found('Deutschland')).toEqual(['DE', 'Deutschland'])
    expect(found('atl')).toEqual(['Atlantis'])
    expect(found('  ')).toHaveLength(options.length)
  })
})

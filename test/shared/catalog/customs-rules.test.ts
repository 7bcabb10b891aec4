import { describe, expect, it } from 'vitest'
import {
  canonicalVariant,
  customsArea,
  leavesCustomsArea,
  readCurrency,
  readHsCode,
  readOriginCountry,
} from '../../../src/shared/catalog'

describe('readHsCode', () => {
  it.each([
    ['6109.10', '610910'],
    ['6109 10 00', '61091000'],
    ['9504.90.6000', '9504906000'],
  ])('reads %s as the digits %s', (text, code) => {
    expect(readHsCode(text)).toEqual({ code })
  })

  it.each([
    ['61091', '5 digits'],
    ['61091000001', '11 digits'],
    ['6109AB', 'other than digits'],
    ['000000', 'chapter 00'],
    ['980000', 'chapter 98'],
    ['770000', 'chapter 77'],
  ])('refuses %s and says why (%s)', (text, why) => {
    const read = readHsCode(text)
    expect('problem' in read && read.problem).toContain(why)
  })
})

describe('readOriginCountry', () => {
  it('takes a code or a name, and gives the code', () => {
    expect(readOriginCountry('cn')).toEqual({ code: 'CN' })
    expect(readOriginCountry('Germany')).toEqual({ code: 'DE' })
  })

  it('refuses what is no country and names the fix', () => {
    const read = readOriginCountry('EU')
    expect('problem' in read && read.problem).toMatch(/two-letter ISO code/)
    expect('problem' in readOriginCountry('Atlantis')).toBe(true)
  })
})

describe('readCurrency', () => {
  it('takes three letters in any case and refuses the rest', () => {
    expect(readCurrency(' eur ')).toEqual({ code: 'EUR' })
    expect('problem' in readCurrency('€')).toBe(true)
  })
})

describe('customs areas', () => {
  it('counts the EU as one area, Monaco inside it, Switzerland and Norway outside', () => {
    expect(customsArea('FR')).toBe('EU')
    expect(customsArea('Monaco')).toBe('EU')
    expect(leavesCustomsArea('DE', 'FR')).toBe(false)
    expect(leavesCustomsArea('DE', 'CH')).toBe(true)
    expect(leavesCustomsArea('DE', 'Norway')).toBe(true)
    expect(leavesCustomsArea('US', 'United States')).toBe(false)
    expect(leavesCustomsArea('US', 'CA')).toBe(true)
  })

  it('counts an unreadable destination as abroad and a blank one as home', () => {
    expect(leavesCustomsArea('US', 'Narnia')).toBe(true)
    expect(leavesCustomsArea('US', '')).toBe(false)
  })
})

describe('canonicalVariant', () => {
  it('writes the choices as the variant key does, whatever order and separators were typed', () => {
    expect(canonicalVariant('Size: M; Colour: Black')).toBe('Colour=Black|Size=M')
    expect(canonicalVariant('Size=M|Colour=Black')).toBe('Colour=Black|Size=M')
    expect(canonicalVariant('Size=M, Colour=Black')).toBe('Colour=Black|Size=M')
  })
})

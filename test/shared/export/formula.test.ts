import { describe, expect, it } from 'vitest'
import {
  isDangerousText,
  neutralizeFormula,
  neutralizeTrackingText,
  startsLikeFormula,
  storableText,
} from '../../../src/shared/export/formula'

describe('formula injection rule (OWASP)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")'],
    ["=cmd|' /C calc'!A0"],
    ['-Dash Co, 14 Mill Lane'],
    ['@maplefan'],
    ['\tindented'],
    ['\rcarriage'],
    ['\nline feed'],
    ['-5'],
    [' =1+1'],
    ['\u00a0\u00a0@SUM(A1)'],
    ['   -2+3'],
  ])('treats %j as dangerous and prefixes a single quote', (text) => {
    expect(isDangerousText(text)).toBe(true)
    expect(neutralizeFormula(text)).toBe(`'${text}`)
  })

  it.each([
    [''],
    ['Olivia Brown'],
    ['00871-TEE-BLK-M'],
    ['4006381333931'],
    ['02139'],
    ["'=already quoted"],
    ['   '],
    ['  Olivia'],
    ['山田 太郎'],
    ['a=b'],
    ['+1 503-555-0100'],
  ])('leaves %j alone', (text) => {
    expect(isDangerousText(text)).toBe(false)
    expect(neutralizeFormula(text)).toBe(text)
  })

  it('removes NUL and the other controls no cell can hold, keeping tab, CR and LF inside', () => {
    expect(neutralizeFormula('Main\u0000 St\u0007reet\u001f')).toBe('Main Street')
    expect(neutralizeFormula('line\tone\r\nline two')).toBe('line\tone\r\nline two')
    // A control in front hid the formula from the first check: removed, the formula is seen.
    expect(neutralizeFormula('\u0000=1+1')).toBe("'=1+1")
  })

  it('is idempotent, so two layers applying it do not stack quotes', () => {
    const once = neutralizeFormula('=1+1')
    expect(neutralizeFormula(once)).toBe(once)
  })

  it('keeps the rest of the text unchanged', () => {
    const text = '=HYPERLINK("http://x","y")'
    expect(neutralizeFormula(text).slice(1)).toBe(text)
  })
})

describe('phone numbers and full-width signs', () => {
  it('leaves an international phone number as it is', () => {
    expect(neutralizeFormula('+1 (503) 555-0100')).toBe('+1 (503) 555-0100')
    expect(neutralizeFormula('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(isDangerousText('+81-3-1234-5678')).toBe(false)
  })

  it('still neutralises anything after a + that is not a plain phone number', () => {
    expect(neutralizeFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0")
    expect(neutralizeFormula('+1+SUM(A1:A9)')).toBe("'+1+SUM(A1:A9)")
    expect(neutralizeFormula('-1 (555) 0100')).toBe("'-1 (555) 0100")
  })

  it('neutralises the full-width forms of = + - @', () => {
    for (const sign of ['＝', '＋', '－', '＠']) {
      expect(neutralizeFormula(`${sign}HYPERLINK("http://x","y")`)).toBe(
        `'${sign}HYPERLINK("http://x","y")`,
      )
    }
  })
})

describe('carrier and tracking cells written into the dashboard file', () => {
  it('keeps signed digit strings, which hold no function, reference or pipe', () => {
    expect(neutralizeTrackingText('+1234')).toBe('+1234')
    expect(neutralizeTrackingText('-0042, +0043')).toBe('-0042, +0043')
    expect(neutralizeTrackingText('9400111899223856728493')).toBe('9400111899223856728493')
  })

  it('prefixes everything else that starts like a formula, as the shipper CSV does', () => {
    expect(neutralizeTrackingText('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`)
    expect(neutralizeTrackingText('-A1')).toBe("'-A1")
    expect(neutralizeTrackingText("+1|' /C calc'!A0")).toBe("'+1|' /C calc'!A0")
    expect(neutralizeTrackingText('@SUM(1)')).toBe("'@SUM(1)")
    expect(neutralizeTrackingText('+1\u0000234')).toBe('+1234')
  })
})

describe('what the workbook marks with its hidden apostrophe', () => {
  it('marks every text that starts like a formula, phone numbers too, and keeps the text', () => {
    const texts = ['+1 503-555-0100', '  =1+1', 'Mill Lane - 14']
    expect(texts.map(startsLikeFormula)).toEqual([true, true, false])
    // The CSV leaves a plain phone number alone; the workbook's hidden apostrophe costs nothing.
    expect(isDangerousText(texts[0]!)).toBe(false)
    expect(storableText('=A1\u0000')).toBe('=A1')
  })
})

import { describe, expect, it } from 'vitest'
import {
  ABSOLUTE_MIN_PT,
  fitLabel,
  SUMMARY_GAP_PT,
} from '../../../../src/main/core/print/label-fit'
import { lineBox, measure, widthEm, wrapText } from '../../../../src/main/core/print/measure'

// Avery 5160's inner box: 2.625 x 1 in less 0.12 / 0.06 in padding, 10 pt down to 6 pt.
const SPEC = {
  widthPt: (2.625 - 0.24) * 72,
  heightPt: (1 - 0.12) * 72,
  maxPt: 10,
  minPt: 6,
  summaryMaxPt: 6,
  summaryMinPt: 5,
}
const SUMMARY = { head: '#12', items: ['TPL-CORE ×2', 'TEE-BLK-M'] }

describe('measuring with the bundled fonts', () => {
  it('measures Noto Sans, not Helvetica: proportional Latin, CJK at a full em', () => {
    // Noto Sans Regular: "i" 0.258 em, "W" 0.93 em (Helvetica: 0.222 and 0.944).
    expect(widthEm('iiii')).toBeCloseTo(4 * 0.258, 3)
    expect(widthEm('WWWW')).toBeCloseTo(4 * 0.93, 3)
    expect(widthEm('山田')).toBeCloseTo(2, 3)
    expect(widthEm('김민준')).toBeCloseTo(3 * 0.92, 1)
    // A precomposed letter and its decomposed form are the same width (the mark is shaped on).
    expect(widthEm('e\u0301')).toBeCloseTo(widthEm('é'), 3)
  })

  it('names the fonts a text needs, and the characters none of them has', () => {
    const faces = (text: string) => measure(text).faces.map((f) => `${f.family.id}/${f.subset}`)
    expect(faces('Anna')).toEqual(['sans/latin'])
    expect(faces('Анна')).toEqual(['sans/cyrillic'])
    expect(faces('محمد')).toEqual(['arabic/arabic'])
    expect(faces('🌻')).toEqual(['emoji/7'])
    // Han takes the regional form of the label's language.
    expect(measure('中', { lang: 'ko', weight: 400 }).faces[0]?.family.id).toBe('kr')
    expect(measure('中', { lang: 'zh-Hant', weight: 400 }).faces[0]?.family.id).toBe('tc')
    expect(measure('中').faces[0]?.family.id).toBe('jp')
    expect(measure('a\u{10FFFD}b').missing).toEqual(['\u{10FFFD}'])
  })

  it('wraps at spaces, and between characters (never inside a cluster) where a word is too wide', () => {
    expect(wrapText('alpha beta gamma', 100)).toEqual(['alpha beta gamma'])
    const pieces = wrapText('alpha beta gamma delta', 6)
    expect(pieces.join(' ')).toBe('alpha beta gamma delta')
    for (const piece of pieces) expect(widthEm(piece)).toBeLessThanOrEqual(6)
    const cjk = wrapText('東京都千代田区丸の内一丁目九番一号 グラントウキョウ', 5)
    expect(cjk.join('').replace(/ /g, '')).toBe(
      '東京都千代田区丸の内一丁目九番一号グラントウキョウ',
    )
    expect(cjk.every((piece) => widthEm(piece) <= 5)).toBe(true)
    const marks = wrapText('e\u0301'.repeat(30), 2)
    expect(marks.every((piece) => !/^\u0301/.test(piece))).toBe(true)
  })

  it('gives a line a block tall enough for its tallest font, with a gap', () => {
    const latin = lineBox([measure('Boston')], 400, 10)
    const japanese = lineBox([measure('東京')], 400, 10)
    const arabic = lineBox([measure('محمد العلي')], 400, 10)
    // Noto Sans: ascent + descent 1.362 em; Noto Sans JP 1.448 em; Arabic 2.112 em + marks.
    expect(latin.slotPt).toBeGreaterThanOrEqual(13.62 + 0.75)
    expect(japanese.slotPt).toBeGreaterThan(latin.slotPt)
    expect(arabic.slotPt).toBeGreaterThan(21.12)
  })
})

describe('fitting a label: shrink, wrap, drop the order line, then flag', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1}`)

  it('keeps the largest size at which everything fits, order line included', () => {
    const fit = fitLabel(
      ['Olivia Brown', '742 Evergreen Terrace', 'Boston, MA 02139'],
      '',
      SUMMARY,
      SPEC,
    )
    expect(fit).toMatchObject({
      fontPt: 10,
      wrapped: false,
      summaryDropped: false,
      belowFloor: false,
    })
    expect(fit.summary?.text).toBe('#12 · TPL-CORE ×2, TEE-BLK-M')
    const used = fit.heightPt + (fit.summary?.box.slotPt ?? 0) + SUMMARY_GAP_PT
    expect(used).toBeLessThanOrEqual(SPEC.heightPt)
  })

  it('shrinks a long line down to the floor before wrapping it', () => {
    const long = ['A Name', '1234 Extraordinarily Long Boulevard Name Street NW', 'City']
    const fit = fitLabel(long, '', undefined, SPEC)
    expect(fit.fontPt).toBeLessThan(10)
    expect(fit.fontPt).toBeGreaterThanOrEqual(6)
    expect(fit.wrapped).toBe(false)
    expect(widthEm(long[1] as string) * fit.fontPt).toBeLessThanOrEqual(SPEC.widthPt)
  })

  it('makes the order line smallest before leaving it out', () => {
    const fit = fitLabel(lines(6), '', SUMMARY, SPEC)
    expect(fit).toMatchObject({ summaryDropped: false, belowFloor: false, fontPt: 6 })
    expect(fit.summary?.fontPt).toBe(SPEC.summaryMinPt)
    const used = fit.heightPt + (fit.summary?.box.slotPt ?? 0) + SUMMARY_GAP_PT
    expect(used).toBeLessThanOrEqual(SPEC.heightPt)
  })

  it('drops the order line when the address needs its room, before going below the floor', () => {
    const fit = fitLabel(lines(7), '', SUMMARY, SPEC)
    expect(fit).toMatchObject({ summaryDropped: true, belowFloor: false, summary: undefined })
    expect(fit.fontPt).toBeGreaterThanOrEqual(6)
    expect(fit.heightPt).toBeLessThanOrEqual(SPEC.heightPt)
  })

  it('goes below the floor, flagged, only when the address alone does not fit at it', () => {
    const fit = fitLabel(lines(9), '', SUMMARY, SPEC)
    expect(fit).toMatchObject({ summaryDropped: true, belowFloor: true, unprintable: false })
    expect(fit.fontPt).toBeLessThan(6)
    expect(fit.fontPt).toBeGreaterThanOrEqual(ABSOLUTE_MIN_PT)
    expect(fit.lines.map((l) => l.text)).toEqual(lines(9))
    expect(fit.heightPt).toBeLessThanOrEqual(SPEC.heightPt)
  })

  it('prints a notice instead of a cut address when nothing fits even at the absolute minimum', () => {
    const fit = fitLabel(lines(30), '', undefined, SPEC)
    expect(fit).toMatchObject({ unprintable: true, belowFloor: true })
    expect(fit.lines.map((l) => l.text).join(' ')).toMatch(/Address too long for this label/)
    expect(fit.heightPt).toBeLessThanOrEqual(SPEC.heightPt)
  })

  it('replaces the order line’s tail with "+N more" rather than cutting it', () => {
    const items = Array.from({ length: 12 }, (_, i) => `STRETCH-GOAL-${i} ×2`)
    const fit = fitLabel(['A Name', 'Street', 'City'], '', { head: '#7', items }, SPEC)
    expect(fit.summary?.text).toMatch(/^#7 · STRETCH-GOAL-0 ×2.* \+\d+ more$/)
    expect(widthEm(fit.summary?.text ?? '') * (fit.summary?.fontPt ?? 0)).toBeLessThanOrEqual(
      SPEC.widthPt,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { jobLine } from '../../src/cli/job-line'

describe('perkpack job: the status line', () => {
  it('says what the API sent, its state in words', () => {
    expect(
      jobLine('J1', { status: 'working', number_processed: 120, total: 460, message: 'Halfway' }),
    ).toBe('Job J1: Working, 120 of 460 processed. Halfway')
  })

  it.each<[string, object, string]>([
    ['no counts, null message', { message: null }, 'Job J1: Queued.'],
    ['a count only', { number_processed: 3 }, 'Job J1: Queued, 3 of ? processed.'],
    ['a blank message', { total: 9, message: '  ' }, 'Job J1: Queued, ? of 9 processed.'],
  ])('leaves out what is missing (%s), never printing null or undefined', (_name, part, line) => {
    expect(jobLine('J1', { status: 'queued', ...part })).toBe(line)
  })
})

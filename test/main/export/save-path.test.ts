import { describe, expect, it } from 'vitest'
import { savePathWithExtension } from '../../../src/main/export/desktop-port'

const PDF = [{ name: 'PDF document', extensions: ['pdf'] }]

/** A folder as a set of paths, and a person who answers the replace question as told. */
function ask(existing: string[], answer: boolean) {
  const asked: string[] = []
  const pathFor = (chosen: string) =>
    savePathWithExtension(
      chosen,
      PDF,
      (path) => existing.includes(path),
      async (fileName) => (asked.push(fileName), answer),
    )
  return { asked, pathFor }
}

describe('the path a save dialog answered', () => {
  it('gets the extension a Linux dialog leaves off, and keeps one given in capitals', async () => {
    const { asked, pathFor } = ask([], false)
    expect(await pathFor('/docs/labels')).toBe('/docs/labels.pdf')
    expect(await pathFor('/docs/LABELS.PDF')).toBe('/docs/LABELS.PDF')
    expect(asked).toEqual([])
  })

  it('asks before the added extension names a file that exists, since the dialog asked about another name', async () => {
    const declined = ask(['/docs/labels.pdf'], false)
    expect(await declined.pathFor('/docs/labels')).toBeNull()
    expect(declined.asked).toEqual(['labels.pdf'])
    const accepted = ask(['/docs/labels.pdf'], true)
    expect(await accepted.pathFor('/docs/labels')).toBe('/docs/labels.pdf')
  })

  it('does not ask again about a name the dialog itself confirmed', async () => {
    const { asked, pathFor } = ask(['/docs/labels.pdf'], false)
    expect(await pathFor('/docs/labels.pdf')).toBe('/docs/labels.pdf')
    expect(asked).toEqual([])
  })
})

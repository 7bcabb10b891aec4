import { afterEach, describe, expect, it } from 'vitest'
import { useRovingRowFocus } from './useRovingRowFocus'

const key = (name: string) => new KeyboardEvent('keydown', { key: name, cancelable: true })

function setup(count: number) {
  const list = document.createElement('div')
  document.body.append(list)
  const rows = Array.from({ length: count }, (_, i) => {
    const row = document.createElement('div')
    row.tabIndex = -1
    row.dataset.index = String(i)
    list.append(row)
    return row
  })
  const focus = useRovingRowFocus({
    rowHeight: 37,
    count: () => count,
    container: () => list,
    pageRows: () => 9,
    rowElement: (index) => rows[index],
  })
  return { list, rows, focus }
}

describe('useRovingRowFocus', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('moves the Tab stop and the focus with the arrow and page keys, within the rows', async () => {
    const { rows, focus } = setup(20)
    const down = key('PageDown')
    focus.move(down, 15)
    expect(down.defaultPrevented).toBe(true)
    expect(focus.activeIndex.value).toBe(19)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(document.activeElement).toBe(rows[19])
    focus.move(key('Home'), 19)
    expect(focus.activeIndex.value).toBe(0)
    const letter = key('a')
    focus.move(letter, 0)
    expect([letter.defaultPrevented, focus.activeIndex.value]).toEqual([false, 0])
  })

  it('brings the Tab stop along when the list scrolls away from it, unless focus is inside', () => {
    const { list, rows, focus } = setup(200)
    focus.follow(100, 110, list)
    expect(focus.activeIndex.value).toBe(100)
    rows[100]!.focus()
    focus.follow(150, 160, list)
    expect(focus.activeIndex.value).toBe(100)
  })
})

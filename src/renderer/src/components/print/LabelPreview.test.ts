import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { LabelsPreview } from '@shared/ipc'
import type { LeftOutCounts } from '@shared/fulfillment'
import LabelPreview from './LabelPreview.vue'

function preview(patch: Partial<LabelsPreview>): LabelsPreview {
  return {
    html: '',
    labels: 0,
    pages: 0,
    skipped: [],
    skippedReasons: [],
    skippedCount: 0,
    leftOut: { nothingToShip: 0, noAddress: 0 },
    warnings: [],
    warningCount: 0,
    pageWidthPx: 816,
    pageHeightPx: 1056,
    layout: 'avery5160',
    ...patch,
  }
}

function summary(value: LabelsPreview): string {
  const wrapper = mount(LabelPreview, { props: { answer: { loading: false, error: null, value } } })
  return wrapper.get('.summary').text()
}

describe('LabelPreview', () => {
  it('says why orders have no label: nothing to ship, or no address, each counted', () => {
    const leftOut = { nothingToShip: 123, noAddress: 1 }
    expect(summary(preview({ labels: 997, pages: 34, skippedCount: 124, leftOut }))).toBe(
      '997 labels on 34 sheets · 124 orders left out: 123 with nothing to ship, 1 without an address',
    )
    // A digital perk's orders have addresses: they are not "without an address".
    const digital = { nothingToShip: 330, noAddress: 0 }
    expect(summary(preview({ labels: 37, pages: 37, skippedCount: 330, leftOut: digital }))).toBe(
      '37 labels on 37 sheets · 330 orders left out: 330 with nothing to ship',
    )
  })

  it('counts labels alone on a 4×6 roll: no sheets', () => {
    expect(summary(preview({ labels: 11, pages: 11, layout: 'thermal4x6' }))).toBe('11 labels')
  })

  it('lists the labels to check first, then the orders left out by reason, each group folded', () => {
    const digital = 'Nothing to ship: digital perks only'
    const wrapper = mount(LabelPreview, {
      props: {
        answer: {
          loading: false,
          error: null,
          value: preview({
            skipped: [
              { contributionId: 7, sequenceNumber: 4932, message: digital },
              { contributionId: 8, sequenceNumber: 4931, message: digital },
              { contributionId: 8812005, sequenceNumber: null, message: 'No shipping address' },
            ],
            skippedReasons: [
              { reason: digital, count: 130 },
              { reason: 'No shipping address', count: 1 },
            ],
            skippedCount: 131,
            warnings: [{ contributionId: 41001, sequenceNumber: 12, message: 'Wrapped' }],
            warningCount: 1,
          }),
        },
      },
    })
    const text = wrapper.get('.issues').text()
    expect(text.indexOf('#12: Wrapped')).toBeLessThan(text.indexOf('131 orders left out'))
    const groups = wrapper.findAll('details.group')
    expect(groups.map((g) => g.get('summary').text())).toEqual([
      `${digital} · 130 orders`,
      'No shipping address · 1 order',
    ])
    // Folded until opened: a long run of one reason does not push the rest out of sight.
    expect(groups.every((g) => g.attributes('open') === undefined)).toBe(true)
    expect(groups[0]?.get('.orders').text()).toBe('#4932, #4931 and 128 more')
    expect(groups[1]?.get('.orders').text()).toBe('contribution 8812005')
  })

  it.each([
    [{ nothingToShip: 1, noAddress: 0 }, 'No order in the selection has anything to ship.'],
    [{ nothingToShip: 0, noAddress: 2 }, 'No order in the selection has a shipping address.'],
    [
      { nothingToShip: 1, noAddress: 1 },
      'No order in the selection ships: 2 orders left out: 1 with nothing to ship, 1 without an address.',
    ],
    [
      { stopped: 3, nothingToShip: 0, noAddress: 0 },
      'No order in the selection has a status that ships.',
    ],
    [
      { stopped: 3, nothingToShip: 1, noAddress: 0 },
      'No order in the selection ships: 4 orders left out: 3 with a status that does not ship, 1 with nothing to ship.',
    ],
  ])('with no label, says the real reason (%o)', (leftOut: LeftOutCounts, text) => {
    const skippedCount = (leftOut.stopped ?? 0) + leftOut.nothingToShip + leftOut.noAddress
    const value = preview({ leftOut, skippedCount })
    const wrapper = mount(LabelPreview, {
      props: { answer: { loading: false, error: null, value } },
    })
    expect(wrapper.find('.n-empty').text()).toBe(text)
  })
})

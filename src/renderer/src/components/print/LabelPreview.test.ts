import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { LabelsPreview } from '@shared/ipc'
import LabelPreview from './LabelPreview.vue'

function preview(patch: Partial<LabelsPreview>): LabelsPreview {
  return {
    html: '',
    labels: 0,
    pages: 0,
    skipped: [],
    skippedCount: 0,
    warnings: [],
    warningCount: 0,
    pageWidthPx: 816,
    pageHeightPx: 1056,
    ...patch,
  }
}

describe('LabelPreview', () => {
  it('names orders to look at by number, or by contribution when the API sent none', () => {
    const wrapper = mount(LabelPreview, {
      props: {
        answer: {
          loading: false,
          error: null,
          value: preview({
            skipped: [
              {
                contributionId: 8812005,
                sequenceNumber: null,
                message: 'The shipping address is empty',
              },
            ],
            skippedCount: 1,
            warnings: [{ contributionId: 41001, sequenceNumber: 12, message: 'Wrapped' }],
            warningCount: 1,
          }),
        },
      },
    })
    expect(wrapper.findAll('li').map((li) => li.text())).toEqual([
      'Skipped contribution 8812005: The shipping address is empty',
      'Check #12: Wrapped',
    ])
  })
})

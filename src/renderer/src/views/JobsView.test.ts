import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import JobsView from './JobsView.vue'
import { useJobsStore } from '@renderer/stores/jobs'
import { watchedJob } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

function setup(jobs: unknown[] = [], currentId: number | null = 1001) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { campaigns: { currentId }, jobs: { jobs } },
  })
  const wrapper = mountWithProviders(JobsView, { pinia })
  return { wrapper, store: useJobsStore(pinia) }
}

describe('JobsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('watches the typed job id', async () => {
    const { wrapper, store } = setup()
    expect(wrapper.text()).toContain('No batch jobs watched')
    await typeInto(inputByLabel(wrapper, 'Job ID'), '  5077 ')
    await flushPromises()
    buttonByName('Watch job').click()
    await flushPromises()
    expect(store.watch).toHaveBeenCalledWith('5077')
  })

  it('says a job ID is digits as it is typed, and asks nothing of main until it is', async () => {
    const { wrapper, store } = setup()
    await typeInto(inputByLabel(wrapper, 'Job ID'), 'job-77')
    await flushPromises()
    expect(wrapper.text()).toContain(
      'Job ID "job-77" is not a number: a batch job’s ID is digits only, such as 5001.',
    )
    expect(buttonByName('Watch job').disabled).toBe(true)
    wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(store.watch).not.toHaveBeenCalled()
  })

  it('leaves a failure to watch behind when the person leaves the view', async () => {
    const { wrapper, store } = setup()
    store.error = 'No batch job 99999 in campaign 1001.'
    await flushPromises()
    expect(wrapper.text()).toContain('No batch job 99999')
    wrapper.unmount()
    expect(store.error).toBeNull()
  })

  it('lists the orders a failed job could not update, with the reasons', async () => {
    const job = watchedJob({
      jobId: '5002',
      campaignId: 1001,
      done: true,
      status: {
        status: 'failed',
        message: 'Failed after 80 of 120 orders',
        number_processed: 80,
        total: 120,
      },
      failures: [
        {
          orderId: 81700231,
          order: '#4521, María Nuñez',
          contributionId: 41,
          message: 'Bad carrier.',
        },
        {
          orderId: 81700232,
          order: 'Order ID 81700232',
          contributionId: null,
          message: 'Refunded.',
        },
      ],
    })
    const { wrapper } = setup([job])
    await flushPromises()
    const list = wrapper.get('[aria-label="Orders job 5002 did not update"]')
    expect(list.text()).toContain('2 orders not updated')
    expect(list.findAll('li').map((li) => li.text())).toEqual([
      '#4521, María Nuñez: Bad carrier.',
      'Order ID 81700232: Refunded.',
    ])
    expect(wrapper.text()).toContain('Failed')
  })

  it('shows status, message and processed / total, and stops watching', async () => {
    const job = watchedJob({
      jobId: 'job-9',
      status: { status: 'working', message: 'Updating orders', number_processed: 40, total: 160 },
    })
    const { wrapper, store } = setup([job])
    await flushPromises()
    const text = wrapper.text()
    expect(text).toContain('job-9')
    expect(text).toContain('Working')
    expect(text).not.toContain('working')
    expect(text).toContain('Updating orders')
    expect(text).toContain('40 / 160')
    buttonByName('Stop watching job-9').click()
    expect(store.unwatch).toHaveBeenCalledWith(job)
  })

  it('cannot watch without an open campaign', async () => {
    const { wrapper } = setup([], null)
    await typeInto(inputByLabel(wrapper, 'Job ID'), '5001')
    await flushPromises()
    expect(buttonByName('Watch job').disabled).toBe(true)
    expect(wrapper.text()).toContain('Open a campaign first')
  })
})

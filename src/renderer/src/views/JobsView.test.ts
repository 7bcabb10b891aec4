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
    await typeInto(inputByLabel(wrapper, 'Job ID'), '  job-77 ')
    await flushPromises()
    buttonByName('Watch job').click()
    await flushPromises()
    expect(store.watch).toHaveBeenCalledWith('job-77')
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
    await typeInto(inputByLabel(wrapper, 'Job ID'), 'job-1')
    await flushPromises()
    expect(buttonByName('Watch job').disabled).toBe(true)
    expect(wrapper.text()).toContain('Open a campaign first')
  })
})

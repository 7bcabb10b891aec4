import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia } from 'pinia'
import TeamSettingsCard from './TeamSettingsCard.vue'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import type { FakeHandlers } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

const LOCAL = 'postgres://perkpack@127.0.0.1:5432/perkpack'

async function setup(overrides: Partial<FakeHandlers> = {}) {
  const fake = fakeBridge(overrides)
  const wrapper = mountWithProviders(TeamSettingsCard, { pinia: createPinia() })
  await flushPromises()
  return { fake, wrapper }
}

const card = () => document.querySelector('[aria-label="Team"]')?.textContent ?? ''

describe('Settings → Team', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('checks the URL as typed: the TLS rule at the field, Save only for a URL it accepts', async () => {
    const { wrapper } = await setup()
    const url = inputByLabel(wrapper, 'Team URL')
    await typeInto(url, 'postgres://perkpack@db.example.com/perkpack?sslmode=disable')
    await flushPromises()
    expect(card()).toContain(
      'The team store on a host other than this computer needs TLS: sslmode=disable is refused.',
    )
    expect(buttonByName('Save team store').disabled).toBe(true)
    await typeInto(url, 'postgres://perkpack:hunter2@127.0.0.1/perkpack')
    await flushPromises()
    expect(card()).toContain('Leave the password out of the team URL')
    expect(card()).not.toContain('hunter2')
    await typeInto(url, LOCAL)
    await flushPromises()
    expect(card()).not.toContain('needs TLS')
    expect(buttonByName('Save team store').disabled).toBe(false)
  })

  it('refuses a password= in the query string too, pointing to the Password field', async () => {
    const { wrapper } = await setup()
    await typeInto(inputByLabel(wrapper, 'Team URL'), `${LOCAL}?sslmode=require&password=hunter2`)
    await flushPromises()
    expect(card()).toContain(
      'Leave the password out of the team URL: type it in the Password field (it is kept in the keychain).',
    )
    expect(card()).not.toContain('hunter2')
    expect(buttonByName('Save team store').disabled).toBe(true)
  })

  it('sends the URL and password once; afterwards it only knows a password is kept', async () => {
    const { fake, wrapper } = await setup()
    await typeInto(inputByLabel(wrapper, 'Team URL'), LOCAL)
    await typeInto(inputByLabel(wrapper, 'Team password'), 'Sesame')
    buttonByName('Save team store').click()
    await flushPromises()
    expect(fake.calls.configureTeam).toHaveBeenCalledWith({ url: LOCAL, password: 'Sesame' })
    expect(inputByLabel(wrapper, 'Team password').value).toBe('')
    expect(card()).toContain('A password is kept in the keychain; type one to replace it.')
    expect(card()).toContain('This desk is Desk A on the team store')
  })

  it('"Test connection" shows the schema, desks and outbox, or the reason it failed', async () => {
    const { fake, wrapper } = await setup({
      testTeam: ({ url }) => ({
        ok: true,
        url,
        schemaVersion: 2,
        knownVersion: 2,
        desks: ['Desk A', 'Desk B'],
        outbox: 0,
        message: null,
      }),
    })
    await typeInto(inputByLabel(wrapper, 'Team URL'), LOCAL)
    buttonByName('Test connection').click()
    await flushPromises()
    expect(fake.calls.testTeam).toHaveBeenCalledWith({ url: LOCAL })
    expect(card()).toContain('Schema version 2 · 2 desks seen (Desk A, Desk B) · outbox 0')
  })

  it('drops a test result once the URL or the password it was for is edited', async () => {
    const { wrapper } = await setup()
    await typeInto(inputByLabel(wrapper, 'Team URL'), LOCAL)
    buttonByName('Test connection').click()
    await flushPromises()
    expect(card()).toContain('Cannot use it')
    await typeInto(inputByLabel(wrapper, 'Team URL'), LOCAL.replace('5432', '5433'))
    await flushPromises()
    expect(card()).not.toContain('Cannot use it')

    buttonByName('Test connection').click()
    await flushPromises()
    expect(card()).toContain('Cannot use it')
    await typeInto(inputByLabel(wrapper, 'Team password'), 'Sesame')
    await flushPromises()
    expect(card()).not.toContain('Cannot use it')
  })

  it('says why the store cannot be used, and "Stop using" clears the URL', async () => {
    const { fake, wrapper } = await setup({
      teamSetup: () => ({ url: LOCAL, passwordStored: true, desk: 'Desk A' }),
      testTeam: ({ url }) => ({
        ok: false,
        url,
        schemaVersion: 3,
        knownVersion: 2,
        desks: [],
        outbox: 4,
        message: "The team store's schema is version 3, newer than this desk knows (2).",
      }),
    })
    expect(inputByLabel(wrapper, 'Team URL').value).toBe(LOCAL)
    buttonByName('Test connection').click()
    await flushPromises()
    expect(card()).toContain('newer than this desk knows (2)')
    buttonByName('Stop using the team store').click()
    await flushPromises()
    expect(fake.calls.forgetTeam).toHaveBeenCalledTimes(1)
    expect(inputByLabel(wrapper, 'Team URL').value).toBe('')
  })
})

import { computed, reactive, ref } from 'vue'
import { addressableCountryCodes } from '@shared/address'
import { addressFormFields, missingPart } from '@shared/corrections/address-form'
import { ADDRESS_PART_NAMES } from '@shared/corrections/correction-types'
import type { AddressParts } from '@shared/corrections/correction-types'
import { parsePastedAddress } from '@shared/corrections/pasted-address'

let countryChoices: { label: string; value: string }[] | undefined

/** Every country by its English name (the interface's language), sorted, with its code. */
function countries(): { label: string; value: string }[] {
  if (countryChoices) return countryChoices
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  countryChoices = addressableCountryCodes()
    .map((code) => ({ label: `${names.of(code) ?? code} (${code})`, value: code }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
  return countryChoices
}

/**
 * The correction form's state: the address parts (starting from the address shipping now), the
 * fields its country asks for, a pasted block read into the fields, and what is still missing
 * before it can be saved. The same rule (`missingPart`) is checked again in main.
 */
export function useAddressCorrection(start: AddressParts, startReason = '') {
  const address = reactive<AddressParts>({ ...start })
  const reason = ref(startReason)
  const pasted = ref('')
  const fields = computed(() => addressFormFields(address.country))
  const missing = computed(() => {
    const part = missingPart(address.country, address)
    if (part) return `${part.label} is needed on a label to this country.`
    if (reason.value.trim() === '') return 'Say why (for the next person).'
    return null
  })

  /** Fills the fields from the pasted block; the person checks them before saving. */
  function readPasted(): void {
    const read = parsePastedAddress(pasted.value, address.country)
    for (const name of ADDRESS_PART_NAMES) address[name] = read[name]
    pasted.value = ''
  }

  /** What is sent: blank optional parts as none. */
  function value(): AddressParts {
    const out = { ...address }
    for (const name of ADDRESS_PART_NAMES) {
      const text = out[name]?.trim() ?? ''
      out[name] = text === '' ? null : text
    }
    return out
  }

  return { address, reason, pasted, fields, missing, readPasted, value, countries }
}

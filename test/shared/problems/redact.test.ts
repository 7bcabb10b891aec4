import { describe, expect, it } from 'vitest'
import { MASK, maskPersonalData, maskText } from '../../../src/shared/problems/redact'
import { PERSONAL, personalRow } from '../../helpers/personal-row'

describe('maskPersonalData', () => {
  it('leaves no e-mail, name, address, phone, avatar, token or password', () => {
    const text = JSON.stringify(maskPersonalData(personalRow()))
    for (const value of PERSONAL) expect(text).not.toContain(value)
    expect(text).not.toMatch(/@/)
  })

  it('keeps what finds the fault: keys, nulls, ids, statuses, perks, SKUs, the country', () => {
    const masked = maskPersonalData(personalRow()) as ReturnType<typeof personalRow>
    expect(Object.keys(masked)).toEqual(Object.keys(personalRow()))
    expect(masked.id).toBe(41450054)
    expect(masked.account_id).toBe(17000101)
    expect(masked.order.id).toBeNull()
    expect(masked.order.status).toBe('captured')
    expect(masked.order.perks[0]).toEqual(personalRow().order.perks[0])
    expect(masked.order.shipping).toEqual({
      name: MASK,
      address: MASK,
      address2: MASK,
      city: MASK,
      state: MASK,
      zipcode: MASK,
      country: 'GB',
      phone_number: MASK,
    })
    expect(masked.note).toBe(`write to ${MASK} please`)
    expect(masked.link).toBe(`https://api.example/2/me.json?api_token=${MASK}&page=2`)
  })

  it('masks an address sent in another shape: as text, or as a list', () => {
    for (const shipping of ['Ada Shipping, 12 Analytical Lane', ['Ada Shipping', 'London']]) {
      const row = { id: 1, order: { shipping } }
      const text = JSON.stringify(maskPersonalData(row))
      expect(text).not.toMatch(/Ada|London|Analytical/)
    }
  })

  it('never changes the row it is given, and takes any JSON value', () => {
    const row = personalRow()
    maskPersonalData(row)
    expect(row).toEqual(personalRow())
    expect(maskPersonalData(null)).toBeNull()
    expect(maskPersonalData('x@y.zz')).toBe(MASK)
    expect(maskPersonalData([1, 'a'])).toEqual([1, 'a'])
    expect(maskText('no secrets here')).toBe('no secrets here')
  })
})

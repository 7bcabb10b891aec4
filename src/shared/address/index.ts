export {
  addressParts,
  formatAddress,
  formatAddressDetailed,
  orderAddressLines,
} from './address-lines'
export type { AddressOptions, AddressParts, FormattedAddress } from './address-lines'
export { addressableCountryCodes, countryCode } from './countries'

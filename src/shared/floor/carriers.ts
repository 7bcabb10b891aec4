/**
 * Carrier names as EasyPost writes them (its carriers' "string representation"), which is what
 * the platform's dashboard expects in the Carrier column. Shippers' exports spell carriers their
 * own way ("USPS", "usps", "United States Postal Service", "DHL Express"): those are mapped here;
 * a name not in the table is passed on as it came, trimmed, rather than guessed.
 */
const EASYPOST_NAMES: Readonly<Record<string, string>> = {
  usps: 'USPS',
  'united states postal service': 'USPS',
  'us postal service': 'USPS',
  stamps_com: 'USPS',
  'stamps com': 'USPS',
  ups: 'UPS',
  'united parcel service': 'UPS',
  'ups mail innovations': 'UPSMailInnovations',
  'ups surepost': 'UPS',
  fedex: 'FedEx',
  'fed ex': 'FedEx',
  'federal express': 'FedEx',
  'fedex smartpost': 'FedExSmartPost',
  dhl: 'DHLExpress',
  'dhl express': 'DHLExpress',
  dhlexpress: 'DHLExpress',
  'dhl ecommerce': 'DHLEcommerce',
  'dhl ecommerce solutions': 'DHLEcommerceSolutions',
  'canada post': 'CanadaPost',
  canadapost: 'CanadaPost',
  'royal mail': 'RoyalMail',
  royalmail: 'RoyalMail',
  'australia post': 'AustraliaPost',
  australiapost: 'AustraliaPost',
  'deutsche post': 'DeutschePost',
  'la poste': 'LaPoste',
  colissimo: 'Colissimo',
  postnl: 'PostNL',
  purolator: 'Purolator',
  ontrac: 'OnTrac',
  asendia: 'Asendia',
  'asendia usa': 'AsendiaUsa',
  'japan post': 'JapanPost',
  'yamato transport': 'Yamato',
  'sf express': 'SFExpress',
  gls: 'GLS',
  dpd: 'DPD',
  'dpd uk': 'DPDUK',
  parcelforce: 'Parcelforce',
  evri: 'Evri',
  hermes: 'Evri',
  lasership: 'LaserShip',
  'amazon shipping': 'AmazonShipping',
  'better trucks': 'BetterTrucks',
}

function carrierKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, ' ')
    .trim()
}

/** The carrier's EasyPost name, the name as given when unknown, or null when blank. */
export function easyPostCarrier(name: string | null | undefined): string | null {
  if (name == null || name.trim() === '') return null
  return EASYPOST_NAMES[carrierKey(name)] ?? name.trim()
}

/**
 * A carrier from a shipping service's name ("USPS Ground Advantage", "UPS® Ground"), for
 * exports that name the service but not the carrier; null when the service names none known.
 */
export function carrierOfService(service: string | null | undefined): string | null {
  if (service == null) return null
  const words = carrierKey(service.replace(/[®™]/g, ' ')).split(' ')
  for (let take = Math.min(3, words.length); take > 0; take--) {
    const known = EASYPOST_NAMES[words.slice(0, take).join(' ')]
    if (known !== undefined) return known
  }
  return null
}

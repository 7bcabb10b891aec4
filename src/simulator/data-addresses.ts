import type { WireShipping } from './wire'
import { Weighted, type Rng } from './data-random'

/**
 * `country` is an upper-case ISO 3166-1 alpha-2 code ("US", "JP"). The spec only says "string",
 * but campaigns carry `country_code_alpha_2` and the warehouse import format wants a 2-letter
 * country, so the simulator settles on the code rather than a country name.
 */
export const COUNTRY_CODES = [
  'US',
  'GB',
  'DE',
  'FR',
  'JP',
  'CA',
  'AU',
  'BR',
  'NL',
  'IT',
  'ES',
  'MX',
  'KR',
  'SE',
] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

export interface PostalAddress {
  address: string
  address2: string | null
  city: string
  state: string
  zipcode: string
  country: CountryCode
  phone_number: string
}

/** Roughly the backer mix of an English-language hardware or games campaign. */
export const countryPicker = new Weighted<CountryCode>([
  ['US', 34],
  ['GB', 9],
  ['DE', 9],
  ['CA', 7],
  ['FR', 6],
  ['AU', 6],
  ['JP', 5],
  ['NL', 3],
  ['IT', 3],
  ['ES', 3],
  ['BR', 3],
  ['KR', 3],
  ['SE', 2],
  ['MX', 2],
])

const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ'
const GB_INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'

function letters(rng: Rng, alphabet: string, count: number): string {
  let out = ''
  for (let i = 0; i < count; i++) out += alphabet.charAt(rng.int(alphabet.length))
  return out
}

function maybe(rng: Rng, pNull: number, make: () => string): string | null {
  return rng.chance(pNull) ? null : make()
}

type Generator = (rng: Rng) => Omit<PostalAddress, 'country'>

// Place tables keep city, region, postal prefix and phone area code consistent with each other;
// several prefixes start with 0 on purpose (Boston 021.., Dresden 01..., Darwin 0800, Barcelona
// 080..) because spreadsheets silently turn those into numbers.

const US_PLACES = [
  ['Portland', 'OR', '972', '503'],
  ['Boston', 'MA', '021', '617'],
  ['Brooklyn', 'NY', '112', '718'],
  ['Austin', 'TX', '787', '512'],
  ['San Francisco', 'CA', '941', '415'],
  ['Chicago', 'IL', '606', '312'],
  ['Seattle', 'WA', '981', '206'],
  ['Newark', 'NJ', '071', '973'],
  ['Honolulu', 'HI', '968', '808'],
  ['Burlington', 'VT', '054', '802'],
  ['Denver', 'CO', '802', '303'],
  ['Atlanta', 'GA', '303', '404'],
  ['San Juan', 'PR', '009', '787'],
] as const
const US_STREETS = ['Maple', 'Oak', 'Cedar', 'Hawthorne', 'Division', 'Mission', 'Lincoln', '5th']
const US_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Ln', 'Dr', 'Way', 'Street', 'Avenue']

const us: Generator = (rng) => {
  const [city, state, zip, area] = rng.pick(US_PLACES)
  const line = `01${rng.digits(2)}`
  const phone = rng.pick([
    `+1 ${area}-555-${line}`,
    `(${area}) 555-${line}`,
    `${area}.555.${line}`,
    `+1${area}555${line}`,
  ])
  return {
    address: rng.chance(0.04)
      ? `PO Box ${rng.range(100, 9999)}`
      : `${rng.range(1, 9999)} ${rng.pick(US_STREETS)} ${rng.pick(US_SUFFIXES)}`,
    address2: maybe(rng, 0.5, () =>
      rng.pick([
        `Apt ${rng.range(1, 40)}${rng.pick(['A', 'B', 'C'])}`,
        `Unit ${rng.range(1, 300)}`,
      ]),
    ),
    city,
    state,
    zipcode: `${zip}${rng.digits(2)}${rng.chance(0.15) ? `-${rng.digits(4)}` : ''}`,
    phone_number: phone,
  }
}

const CA_PLACES = [
  ['Toronto', 'ON', 'M', '416', 'King St W'],
  ['Ottawa', 'ON', 'K', '613', 'Bank St'],
  ['Montréal', 'QC', 'H', '514', 'rue Sainte-Catherine O'],
  ['Vancouver', 'BC', 'V', '604', 'Granville St'],
  ['Calgary', 'AB', 'T', '403', '17 Ave SW'],
  ['Halifax', 'NS', 'B', '902', 'Barrington St'],
  ['Winnipeg', 'MB', 'R', '204', 'Portage Ave'],
] as const

const ca: Generator = (rng) => {
  const [city, state, fsa, area, street] = rng.pick(CA_PLACES)
  return {
    address: `${rng.range(1, 2999)} ${street}`,
    address2: maybe(rng, 0.55, () =>
      rng.pick([`Apt ${rng.range(101, 2509)}`, `Unit ${rng.range(1, 40)}`]),
    ),
    city,
    state,
    zipcode: `${fsa}${rng.digits(1)}${letters(rng, CA_LETTERS, 1)} ${rng.digits(1)}${letters(rng, CA_LETTERS, 1)}${rng.digits(1)}`,
    phone_number: `+1 ${area}-555-01${rng.digits(2)}`,
  }
}

const GB_PLACES = [
  ['London', 'Greater London', ['SW1A', 'E1', 'N1', 'SE10', 'W1D', 'EC1V'], '20 7946 0'],
  ['Manchester', 'Greater Manchester', ['M1', 'M4', 'M14', 'M20'], '161 496 0'],
  ['Edinburgh', 'Midlothian', ['EH1', 'EH3', 'EH6', 'EH10'], '131 496 0'],
  ['Cardiff', 'South Glamorgan', ['CF10', 'CF11', 'CF24'], '29 2018 0'],
  ['Belfast', 'County Antrim', ['BT1', 'BT7', 'BT9'], '28 9018 0'],
  ['Bristol', 'Avon', ['BS1', 'BS6', 'BS8'], '117 496 0'],
  ['Leeds', 'West Yorkshire', ['LS1', 'LS6', 'LS11'], '113 496 0'],
] as const
const GB_STREETS = ['High Street', 'Church Lane', 'Station Road', 'Victoria Road', 'Mill Lane']
const GB_HOUSES = ['Rose Cottage', 'The Old Rectory', 'Ivy House', 'Orchard View']

const gb: Generator = (rng) => {
  const [city, county, outward, phone] = rng.pick(GB_PLACES)
  const street = `${rng.range(1, 220)} ${rng.pick(GB_STREETS)}`
  // UK addresses often lead with a house name, pushing the street into the second line.
  const named = rng.chance(0.12)
  return {
    address: named ? rng.pick(GB_HOUSES) : street,
    address2: named ? street : maybe(rng, 0.55, () => `Flat ${rng.range(1, 24)}`),
    city,
    state: rng.chance(0.4) ? '' : county,
    zipcode: `${rng.pick(outward)} ${rng.digits(1)}${letters(rng, GB_INWARD_LETTERS, 2)}`,
    phone_number: rng.chance(0.6)
      ? `+44 ${phone}${rng.digits(3)}`
      : rng.pick([`+44 7700 900${rng.digits(3)}`, `07700 900${rng.digits(3)}`]),
  }
}

const DE_PLACES = [
  ['Berlin', 'Berlin', '10', '30'],
  ['München', 'Bayern', '80', '89'],
  ['Hamburg', 'Hamburg', '20', '40'],
  ['Dresden', 'Sachsen', '01', '351'],
  ['Köln', 'Nordrhein-Westfalen', '50', '221'],
  ['Frankfurt am Main', 'Hessen', '60', '69'],
  ['Leipzig', 'Sachsen', '04', '341'],
] as const
const DE_STREETS = [
  'Hauptstraße',
  'Goethestraße',
  'Bahnhofstraße',
  'Lindenallee',
  'Am Weißen Stein',
]

const de: Generator = (rng) => {
  const [city, state, plz, area] = rng.pick(DE_PLACES)
  return {
    address: `${rng.pick(DE_STREETS)} ${rng.range(1, 140)}${rng.chance(0.1) ? 'a' : ''}`,
    address2: maybe(rng, 0.6, () =>
      rng.pick(['Hinterhaus', `${rng.range(1, 5)}. OG links`, 'c/o Schmidt', 'Gartenhaus']),
    ),
    city,
    // German addresses rarely name the Bundesland, so backers often leave it empty.
    state: rng.chance(0.35) ? '' : state,
    zipcode: `${plz}${rng.digits(3)}`,
    phone_number: rng.chance(0.6)
      ? `+49 ${area} ${rng.digits(7)}`
      : `+49 ${rng.pick(['151', '160', '172'])} ${rng.digits(8)}`,
  }
}

const FR_CITIES = [
  ['Paris', 'Île-de-France', '75', '1'],
  ['Lyon', 'Auvergne-Rhône-Alpes', '69', '4'],
  ['Marseille', "Provence-Alpes-Côte d'Azur", '13', '4'],
  ['Bourg-en-Bresse', 'Auvergne-Rhône-Alpes', '01', '4'],
  ['Lille', 'Hauts-de-France', '59', '3'],
  ['Toulouse', 'Occitanie', '31', '5'],
  ['Rennes', 'Bretagne', '35', '2'],
] as const
const FR_STREETS = [
  'rue de Rivoli',
  'rue Saint-Honoré',
  'boulevard Voltaire',
  'avenue Jean Jaurès',
  'place Bellecour',
  'allée des Tilleuls',
]

function pairs(rng: Rng, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(rng.digits(2))
  return out.join(' ')
}

const fr: Generator = (rng) => {
  const [city, region, dept, area] = rng.pick(FR_CITIES)
  return {
    address: `${rng.range(1, 180)}${rng.chance(0.08) ? ' bis' : ''} ${rng.pick(FR_STREETS)}`,
    address2: maybe(rng, 0.55, () =>
      rng.pick(['Bâtiment B', `Escalier ${rng.range(1, 4)}, ${rng.range(1, 7)}e étage`, 'Appt 12']),
    ),
    city,
    state: rng.chance(0.3) ? '' : region,
    zipcode:
      dept === '75'
        ? `750${String(rng.range(1, 20)).padStart(2, '0')}`
        : `${dept}${rng.pick(['000', '100', '200', '300'])}`,
    phone_number: rng.chance(0.5) ? `+33 ${area} ${pairs(rng, 4)}` : `+33 6 ${pairs(rng, 4)}`,
  }
}

// [prefecture, prefecture (romaji), city, city (romaji), town, town (romaji), postal prefix, area]
const JP_PLACES = [
  ['東京都', 'Tokyo', '千代田区', 'Chiyoda-ku', '丸の内', 'Marunouchi', '100', '3'],
  ['東京都', 'Tokyo', '渋谷区', 'Shibuya-ku', '神南', 'Jinnan', '150', '3'],
  ['大阪府', 'Osaka', '大阪市北区', 'Kita-ku, Osaka', '梅田', 'Umeda', '530', '6'],
  ['京都府', 'Kyoto', '京都市中京区', 'Nakagyo-ku, Kyoto', '烏丸通', 'Karasuma-dori', '604', '75'],
  ['北海道', 'Hokkaido', '札幌市中央区', 'Chuo-ku, Sapporo', '大通西', 'Odori-nishi', '060', '11'],
  [
    '福岡県',
    'Fukuoka',
    '福岡市博多区',
    'Hakata-ku, Fukuoka',
    '博多駅前',
    'Hakataekimae',
    '812',
    '92',
  ],
  ['愛知県', 'Aichi', '名古屋市中区', 'Naka-ku, Nagoya', '栄', 'Sakae', '460', '52'],
] as const
const JP_BUILDINGS = [
  ['サンハイツ', 'Sun Heights'],
  ['グランメゾン', 'Grand Maison'],
  ['コーポ桜', 'Corpo Sakura'],
] as const

const jp: Generator = (rng) => {
  const [pref, prefRomaji, city, cityRomaji, town, townRomaji, zip, area] = rng.pick(JP_PLACES)
  const block = `${rng.range(1, 9)}-${rng.range(1, 30)}-${rng.range(1, 20)}`
  const [building, buildingRomaji] = rng.pick(JP_BUILDINGS)
  const room = rng.range(101, 1205)
  // Japanese backers type their address either in Japanese or romanised; both reach the API.
  const native = rng.chance(0.6)
  return {
    address: native ? `${town}${block}` : `${block} ${townRomaji}`,
    address2: maybe(rng, 0.45, () =>
      native ? `${building} ${room}号室` : `${buildingRomaji} ${room}`,
    ),
    city: native ? city : cityRomaji,
    state: native ? pref : prefRomaji,
    zipcode: `${zip}-${rng.digits(4)}`,
    phone_number: rng.chance(0.5)
      ? `+81 ${area}-${rng.digits(4)}-${rng.digits(4)}`
      : rng.pick([
          `+81 90-${rng.digits(4)}-${rng.digits(4)}`,
          `090-${rng.digits(4)}-${rng.digits(4)}`,
        ]),
  }
}

const AU_PLACES = [
  ['Sydney', 'NSW', 2000, '2', 'George St'],
  ['Melbourne', 'VIC', 3000, '3', 'Collins St'],
  ['Brisbane', 'QLD', 4000, '7', 'Queen St'],
  ['Perth', 'WA', 6000, '8', 'Hay St'],
  ['Darwin', 'NT', 800, '8', 'Smith St'],
  ['Hobart', 'TAS', 7000, '3', 'Elizabeth St'],
  ['Canberra', 'ACT', 2600, '2', 'Northbourne Ave'],
] as const

const au: Generator = (rng) => {
  const [city, state, postcode, area, street] = rng.pick(AU_PLACES)
  return {
    address: `${rng.range(1, 400)} ${street}`,
    address2: maybe(rng, 0.55, () =>
      rng.pick([`Unit ${rng.range(1, 60)}`, `Level ${rng.range(2, 30)}`]),
    ),
    city,
    state,
    zipcode: String(postcode + rng.int(10)).padStart(4, '0'),
    // 02 5550 xxxx and 0491 570 xxx are the ranges ACMA reserves for fiction.
    phone_number: rng.chance(0.5)
      ? `+61 ${area} 5550 ${rng.digits(4)}`
      : `+61 491 570 ${rng.range(110, 159)}`,
  }
}

const BR_PLACES = [
  ['São Paulo', 'SP', '01', '11', 'Rua Augusta'],
  ['São Paulo', 'SP', '04', '11', 'Avenida Paulista'],
  ['Rio de Janeiro', 'RJ', '22', '21', 'Avenida Atlântica'],
  ['Belo Horizonte', 'MG', '30', '31', 'Rua da Bahia'],
  ['Curitiba', 'PR', '80', '41', 'Rua das Flores'],
  ['Porto Alegre', 'RS', '90', '51', 'Rua da Praia'],
  ['Salvador', 'BA', '40', '71', 'Avenida Sete de Setembro'],
] as const

const br: Generator = (rng) => {
  const [city, state, cep, area, street] = rng.pick(BR_PLACES)
  return {
    address: `${street}, ${rng.range(10, 2500)}`,
    address2: maybe(rng, 0.4, () =>
      rng.pick([`Apto ${rng.range(11, 190)}`, `Bloco B, Apto ${rng.range(101, 1504)}`, 'Casa 2']),
    ),
    city,
    state,
    zipcode: `${cep}${rng.digits(3)}-${rng.digits(3)}`,
    phone_number: `+55 ${area} 9${rng.digits(4)}-${rng.digits(4)}`,
  }
}

const NL_PLACES = [
  ['Amsterdam', 'Noord-Holland', '10', '20', 'Keizersgracht'],
  ['Rotterdam', 'Zuid-Holland', '30', '10', 'Coolsingel'],
  ['Utrecht', 'Utrecht', '35', '30', 'Oudegracht'],
  ['Den Haag', 'Zuid-Holland', '25', '70', 'Lange Voorhout'],
  ['Eindhoven', 'Noord-Brabant', '56', '40', 'Stratumseind'],
] as const

const nl: Generator = (rng) => {
  const [city, province, pc, area, street] = rng.pick(NL_PLACES)
  return {
    address: `${street} ${rng.range(1, 400)}${rng.pick(['', '', '', '-II', ' hs', 'A'])}`,
    address2: maybe(rng, 0.7, () =>
      rng.pick(['2e verdieping', `t.a.v. ${rng.pick(['Bakker', 'Visser'])}`]),
    ),
    city,
    state: rng.chance(0.5) ? '' : province,
    zipcode: `${pc}${rng.digits(2)} ${rng.pick(['AB', 'CJ', 'KL', 'XT', 'GR', 'PM'])}`,
    phone_number: rng.chance(0.5)
      ? `+31 ${area} ${rng.digits(3)} ${rng.digits(4)}`
      : `+31 6 ${rng.digits(8)}`,
  }
}

const IT_PLACES = [
  ['Roma', 'RM', '001', '06'],
  ['Milano', 'MI', '201', '02'],
  ['Napoli', 'NA', '801', '081'],
  ['Torino', 'TO', '101', '011'],
  ['Firenze', 'FI', '501', '055'],
  ['Bologna', 'BO', '401', '051'],
] as const
const IT_STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele II', 'Via dei Mille']

const it: Generator = (rng) => {
  const [city, province, cap, area] = rng.pick(IT_PLACES)
  return {
    address: `${rng.pick(IT_STREETS)}${rng.chance(0.5) ? ',' : ''} ${rng.range(1, 200)}`,
    address2: maybe(rng, 0.6, () => `Scala ${rng.pick(['A', 'B', 'C'])}, Int. ${rng.range(1, 30)}`),
    city,
    state: province,
    zipcode: `${cap}${rng.digits(2)}`,
    phone_number: rng.chance(0.5)
      ? `+39 ${area} ${rng.digits(7)}`
      : `+39 3${rng.digits(2)} ${rng.digits(7)}`,
  }
}

const ES_PLACES = [
  ['Madrid', 'Madrid', '280'],
  ['Barcelona', 'Barcelona', '080'],
  ['Valencia', 'Valencia', '460'],
  ['Sevilla', 'Sevilla', '410'],
  ['Bilbao', 'Bizkaia', '480'],
  ['A Coruña', 'A Coruña', '150'],
] as const
const ES_STREETS = [
  'Calle Mayor',
  'Calle de Alcalá',
  'Gran Vía',
  'Avinguda Diagonal',
  'Calle Sierpes',
]

const es: Generator = (rng) => {
  const [city, province, cp] = rng.pick(ES_PLACES)
  return {
    address: `${rng.pick(ES_STREETS)}, ${rng.range(1, 300)}`,
    address2: maybe(rng, 0.45, () =>
      rng.pick([
        `${rng.range(1, 9)}º ${rng.pick(['A', 'B', 'C', 'D'])}`,
        `Piso 2, Puerta ${rng.range(1, 8)}`,
      ]),
    ),
    city,
    state: province,
    zipcode: `${cp}${rng.digits(2)}`,
    phone_number: `+34 6${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}`,
  }
}

const MX_PLACES = [
  ['Ciudad de México', 'CDMX', '0', '55', 'Av. Insurgentes Sur'],
  ['Ciudad de México', 'CDMX', '1', '55', 'Av. Paseo de la Reforma'],
  ['Guadalajara', 'Jalisco', '44', '33', 'Av. Juárez'],
  ['Monterrey', 'Nuevo León', '64', '81', 'Calle Morelos'],
  ['Mérida', 'Yucatán', '97', '999', 'Calle 60'],
] as const
const MX_COLONIAS = ['Roma Norte', 'Condesa', 'Centro', 'Del Valle', 'Polanco']

const mx: Generator = (rng) => {
  const [city, state, cp, area, street] = rng.pick(MX_PLACES)
  return {
    address: `${street} ${rng.range(1, 2500)}`,
    // The colonia usually rides in the second line.
    address2: maybe(rng, 0.3, () => `Col. ${rng.pick(MX_COLONIAS)}`),
    city,
    state,
    zipcode: `${cp}${rng.digits(5 - cp.length)}`,
    phone_number: `+52 ${area} ${rng.digits(4)} ${rng.digits(4)}`,
  }
}

// [province, province (romanised), district, district (romanised), road, road (romanised), postal]
const KR_PLACES = [
  ['서울특별시', 'Seoul', '중구', 'Jung-gu', '세종대로', 'Sejong-daero', '04'],
  ['서울특별시', 'Seoul', '강남구', 'Gangnam-gu', '테헤란로', 'Teheran-ro', '06'],
  ['부산광역시', 'Busan', '해운대구', 'Haeundae-gu', '해운대해변로', 'Haeundaehaebyeon-ro', '48'],
  ['인천광역시', 'Incheon', '연수구', 'Yeonsu-gu', '컨벤시아대로', 'Convensia-daero', '21'],
] as const

const kr: Generator = (rng) => {
  const [prov, provRomaji, district, districtRomaji, road, roadRomaji, zip] = rng.pick(KR_PLACES)
  const number = rng.range(1, 300)
  const dong = rng.range(101, 112)
  const ho = rng.range(101, 2304)
  const native = rng.chance(0.6)
  return {
    address: native ? `${road} ${number}` : `${number} ${roadRomaji}`,
    address2: maybe(rng, 0.4, () => (native ? `${dong}동 ${ho}호` : `Apt ${dong}-${ho}`)),
    city: native ? district : districtRomaji,
    state: native ? prov : provRomaji,
    zipcode: `${zip}${rng.digits(3)}`,
    phone_number: rng.chance(0.7)
      ? `+82 10-${rng.digits(4)}-${rng.digits(4)}`
      : `010-${rng.digits(4)}-${rng.digits(4)}`,
  }
}

const SE_PLACES = [
  ['Stockholm', 'Stockholms län', '11', '8'],
  ['Göteborg', 'Västra Götalands län', '41', '31'],
  ['Malmö', 'Skåne län', '21', '40'],
  ['Uppsala', 'Uppsala län', '75', '18'],
  ['Umeå', 'Västerbottens län', '90', '90'],
] as const
const SE_STREETS = ['Drottninggatan', 'Storgatan', 'Kungsgatan', 'Sveavägen', 'Östra Hamngatan']

const se: Generator = (rng) => {
  const [city, county, zip, area] = rng.pick(SE_PLACES)
  return {
    address: `${rng.pick(SE_STREETS)} ${rng.range(1, 120)}`,
    address2: maybe(rng, 0.6, () => rng.pick([`lgh ${rng.range(1001, 1404)}`, 'c/o Lindqvist'])),
    city,
    state: rng.chance(0.6) ? '' : county,
    zipcode: `${zip}${rng.digits(1)} ${rng.digits(2)}`,
    phone_number: rng.chance(0.5)
      ? `+46 ${area} ${rng.digits(3)} ${rng.digits(2)} ${rng.digits(2)}`
      : `+46 70 ${rng.digits(3)} ${rng.digits(2)} ${rng.digits(2)}`,
  }
}

const GENERATORS: Record<CountryCode, Generator> = {
  US: us,
  GB: gb,
  DE: de,
  FR: fr,
  JP: jp,
  CA: ca,
  AU: au,
  BR: br,
  NL: nl,
  IT: it,
  ES: es,
  MX: mx,
  KR: kr,
  SE: se,
}

/** The shipping block of an order, in the field order of the spec. */
export function randomShipping(rng: Rng, name: string, country: CountryCode): WireShipping {
  const a = GENERATORS[country](rng)
  // A few international backers skip the optional phone field; the API then sends "".
  const phone = country !== 'US' && country !== 'CA' && rng.chance(0.04) ? '' : a.phone_number
  return {
    name,
    address: a.address,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zipcode: a.zipcode,
    country,
    phone_number: phone,
  }
}

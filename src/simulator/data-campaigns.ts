import type { OrderStatus } from '../shared/api'
import { EPOCH_MS, pacific } from './data-time'
import type { WireCampaign } from './wire'

/** [value shown to the backer, code appended to the SKU, relative popularity] */
export type OptionValue = readonly [value: string, code: string, weight: number]

export interface OptionSpec {
  name: string
  values: readonly OptionValue[]
}

export interface ItemSpec {
  key: string
  name: string
  /** SKU code; with options, each choice's code is appended: `00871-TEE` + `-BLK-M`. */
  code: string
  options?: readonly OptionSpec[]
}

export interface PerkSpec {
  label: string
  amount: number
  description: string
  /** [item key, quantity] */
  items: readonly (readonly [string, number])[]
  /** Total number on offer; null means uncapped. Once claimed out, no further row picks it. */
  cap: number | null
  featured: boolean
  /** Relative popularity when a backer picks a perk. */
  weight: number
}

export interface StaffSpec {
  accountId: number
  name: string
  email: string
}

/** The fields a campaign object carries as the spec gives them; the rest are derived. */
type CopiedCampaignFields =
  | 'id'
  | 'slug'
  | 'title'
  | 'tagline'
  | 'city'
  | 'country'
  | 'region'
  | 'currency'
  | 'category'
  | 'goal'

export interface CampaignSpec extends Pick<WireCampaign, CopiedCampaignFields> {
  regionCode: string
  countryCode: string
  fundingType: string
  /** Funding window in epoch ms; contributions fall in [start, listingEnd). */
  start: number
  end: number
  /** Past `end` only for a campaign still taking contributions after funding closed (InDemand). */
  listingEnd: number
  foreverFunding: boolean
  commentsCount: number
  updatesCount: number
  owner: StaffSpec
  members: readonly StaffSpec[]
  /** Whether the demo user is on the team (not on the last campaign, for 403 tests). */
  demoOnTeam: boolean
  statusWeights: readonly (readonly [OrderStatus, number])[]
  items: readonly ItemSpec[]
  perks: readonly PerkSpec[]
}

const USD = { iso_num: 840, iso_code: 'USD', symbol: '$' }
const EUR = { iso_num: 978, iso_code: 'EUR', symbol: '€' }
const GBP = { iso_num: 826, iso_code: 'GBP', symbol: '£' }

const SIZES: OptionSpec = {
  name: 'Size',
  values: [
    ['S', 'S', 15],
    ['M', 'M', 35],
    ['L', 'L', 35],
    ['XL', 'XL', 15],
  ],
}

/** Account ids 17_000_xxx are staff (owners, team members, the demo user). */
export const DEMO_ACCOUNT_ID = 17_000_042
export const BACKER_ACCOUNT_ID = 20_000_007

export const CAMPAIGN_SPECS: readonly CampaignSpec[] = [
  {
    id: 2843117,
    slug: 'tidepool-a-cooperative-ocean-board-game',
    title: 'Tidepool: A Cooperative Ocean Board Game',
    tagline: 'Save the reef together in 45 minutes. 1-5 players, ages 10+.',
    city: 'Portland',
    country: 'United States',
    region: 'Oregon',
    regionCode: 'OR',
    countryCode: 'US',
    currency: USD,
    category: { id: 22, name: 'tabletop-games', text: 'Tabletop Games' },
    goal: 25000,
    fundingType: 'flexible',
    start: pacific(2026, 1, 13, 9),
    end: pacific(2026, 2, 26, 23, 59),
    listingEnd: EPOCH_MS,
    foreverFunding: true,
    commentsCount: 412,
    updatesCount: 9,
    owner: { accountId: 17_000_101, name: 'Marisol Vega', email: 'marisol@tidepool.example.com' },
    members: [
      { accountId: 17_000_102, name: 'Kenji Watanabe', email: 'kenji@tidepool.example.com' },
    ],
    demoOnTeam: true,
    statusWeights: [
      ['captured', 44],
      ['in_fulfillment', 30],
      ['fulfilled', 6],
      ['refunded', 6],
      ['pending', 6],
      ['on_hold', 5],
      ['unprocessable', 3],
    ],
    items: [
      { key: 'core', name: 'Tidepool Core Game', code: '00871-TPL-CORE' },
      // An EAN: all digits and long enough that Excel shows 4.00638E+12 unless written as text.
      { key: 'reef', name: 'Deep Reef Expansion', code: '4006381333931' },
      {
        key: 'coins',
        name: 'Metal Shell Coins (set of 40)',
        code: 'TPL-COIN',
        options: [
          {
            name: 'Finish',
            values: [
              ['Brass', 'BRS', 6],
              ['Silver', 'SLV', 4],
            ],
          },
        ],
      },
      {
        key: 'tee',
        name: 'Tidepool T-Shirt',
        code: '00871-TEE',
        options: [
          {
            name: 'Color',
            values: [
              ['Black', 'BLK', 6],
              ['Sand', 'SND', 4],
            ],
          },
          SIZES,
        ],
      },
      { key: 'pin', name: 'Enamel Octopus Pin', code: '000417' },
      { key: 'sleeves', name: 'Card Sleeves (100)', code: 'TPL-SLV-100' },
    ],
    perks: [
      {
        label: 'Digital Print & Play',
        amount: 15,
        description: 'Print-and-play PDF of the core game, emailed after the campaign.',
        items: [],
        cap: null,
        featured: false,
        weight: 6,
      },
      {
        label: 'Early Bird: Core Game',
        amount: 39,
        description: 'One copy of Tidepool at the early-bird price.',
        items: [['core', 1]],
        cap: 300,
        featured: true,
        weight: 30,
      },
      {
        label: 'Core Game',
        amount: 49,
        description: 'One copy of Tidepool with all stretch goals.',
        items: [['core', 1]],
        cap: null,
        featured: false,
        weight: 28,
      },
      {
        label: 'Core Game + T-Shirt',
        amount: 75,
        description: 'Tidepool plus the octopus T-shirt in your size and colour.',
        items: [
          ['core', 1],
          ['tee', 1],
        ],
        cap: null,
        featured: false,
        weight: 8,
      },
      {
        label: 'Double Pack',
        amount: 89,
        description: 'Two copies of Tidepool: one for you, one for a friend.',
        items: [['core', 2]],
        cap: null,
        featured: false,
        weight: 6,
      },
      {
        label: 'Deluxe Tide',
        amount: 119,
        description: 'Core game, Deep Reef expansion, metal coins and the enamel pin.',
        items: [
          ['core', 1],
          ['reef', 1],
          ['coins', 1],
          ['pin', 1],
        ],
        cap: 1500,
        featured: true,
        weight: 14,
      },
      {
        label: 'T-Shirt',
        amount: 29,
        description: 'The octopus T-shirt on its own.',
        items: [['tee', 1]],
        cap: null,
        featured: false,
        weight: 3,
      },
      {
        label: 'Enamel Pin',
        amount: 12,
        description: 'Hard enamel octopus pin.',
        items: [['pin', 1]],
        cap: null,
        featured: false,
        weight: 2,
      },
      {
        label: 'Retailer Six-Pack',
        amount: 210,
        description: 'Six copies and six packs of sleeves for game stores.',
        items: [
          ['core', 6],
          ['sleeves', 6],
        ],
        cap: 40,
        featured: false,
        weight: 1,
      },
    ],
  },
  {
    id: 2790455,
    slug: 'lumen-loop-the-bike-light-that-charges-itself',
    title: 'Lumen Loop: The Bike Light That Charges Itself',
    tagline: 'A hub-dynamo light for any bike. No batteries, no cables, no excuses.',
    city: 'Berlin',
    country: 'Germany',
    region: 'Berlin',
    regionCode: 'BE',
    countryCode: 'DE',
    currency: EUR,
    category: { id: 14, name: 'travel-outdoors', text: 'Travel & Outdoors' },
    goal: 15000,
    fundingType: 'fixed',
    start: pacific(2025, 10, 7, 6),
    end: pacific(2025, 11, 21, 14),
    listingEnd: pacific(2025, 11, 21, 14),
    foreverFunding: false,
    commentsCount: 133,
    updatesCount: 6,
    owner: { accountId: 17_000_201, name: 'Hannah Krüger', email: 'hannah@lumenloop.example.com' },
    members: [],
    demoOnTeam: true,
    statusWeights: [
      ['in_fulfillment', 40],
      ['captured', 25],
      ['fulfilled', 18],
      ['refunded', 6],
      ['on_hold', 5],
      ['pending', 3],
      ['unprocessable', 3],
    ],
    items: [
      {
        key: 'light',
        name: 'Lumen Loop Light',
        code: 'LL-0042',
        options: [
          {
            name: 'Color',
            values: [
              ['Graphite', 'GRA', 5],
              ['Silver', 'SIL', 3],
              ['Signal Orange', 'ORG', 2],
            ],
          },
        ],
      },
      { key: 'cable', name: 'USB-C Cable 1 m', code: 'LL-USBC-1M' },
      { key: 'mount', name: 'Helmet Mount', code: '0000173' },
      {
        key: 'jersey',
        name: 'Cycling Jersey',
        code: 'LL-JRS',
        options: [
          SIZES,
          {
            name: 'Fit',
            values: [
              ['Regular', 'REG', 6],
              ['Slim', 'SLM', 4],
            ],
          },
        ],
      },
    ],
    perks: [
      {
        label: 'Name in the App Credits',
        amount: 10,
        description: 'Your name in the credits of the Lumen Loop companion app.',
        items: [],
        cap: null,
        featured: false,
        weight: 4,
      },
      {
        label: 'Super Early Bird',
        amount: 59,
        description: 'One Lumen Loop at the lowest price we will ever offer.',
        items: [['light', 1]],
        cap: 200,
        featured: true,
        weight: 25,
      },
      {
        label: 'Lumen Loop',
        amount: 69,
        description: 'One Lumen Loop with a USB-C cable.',
        items: [
          ['light', 1],
          ['cable', 1],
        ],
        cap: null,
        featured: false,
        weight: 30,
      },
      {
        label: 'Twin Pack',
        amount: 129,
        description: 'Two lights of the same colour, two cables.',
        items: [
          ['light', 2],
          ['cable', 2],
        ],
        cap: null,
        featured: false,
        weight: 12,
      },
      {
        label: 'Loop + Helmet Mount',
        amount: 84,
        description: 'One light and the quick-release helmet mount.',
        items: [
          ['light', 1],
          ['mount', 1],
        ],
        cap: null,
        featured: false,
        weight: 12,
      },
      {
        label: 'Jersey Edition',
        amount: 139,
        description: 'Light, helmet mount and the reflective cycling jersey.',
        items: [
          ['light', 1],
          ['mount', 1],
          ['jersey', 1],
        ],
        cap: 500,
        featured: false,
        weight: 6,
      },
      {
        label: 'Helmet Mount',
        amount: 19,
        description: 'The quick-release helmet mount on its own.',
        items: [['mount', 1]],
        cap: null,
        featured: false,
        weight: 3,
      },
    ],
  },
  {
    id: 318822,
    slug: 'the-wandering-lighthouse-graphic-novel',
    title: 'The Wandering Lighthouse',
    tagline: 'A 240-page illustrated graphic novel about a lighthouse that learns to walk.',
    city: 'Edinburgh',
    country: 'United Kingdom',
    region: 'Scotland',
    regionCode: 'SCT',
    countryCode: 'GB',
    currency: GBP,
    category: { id: 7, name: 'comics', text: 'Comics' },
    goal: 8000,
    fundingType: 'flexible',
    start: pacific(2025, 6, 3, 1),
    end: pacific(2025, 7, 18, 1),
    listingEnd: pacific(2025, 7, 18, 1),
    foreverFunding: false,
    commentsCount: 58,
    updatesCount: 11,
    owner: {
      accountId: 17_000_301,
      name: 'Oliver Pembroke',
      email: 'oliver@lighthouse.example.com',
    },
    members: [
      { accountId: 17_000_302, name: 'Priya Raman', email: 'priya@lighthouse.example.com' },
    ],
    demoOnTeam: true,
    statusWeights: [
      ['in_fulfillment', 30],
      ['fulfilled', 30],
      ['captured', 20],
      ['refunded', 7],
      ['on_hold', 5],
      ['pending', 4],
      ['unprocessable', 4],
    ],
    items: [
      // An ISBN-13: another all-digit SKU that spreadsheets mangle.
      { key: 'hard', name: 'Hardcover Edition', code: '9781916543217' },
      { key: 'plate', name: 'Signed Bookplate', code: 'WL-BKPL' },
      {
        key: 'print',
        name: 'Art Print A3',
        code: 'WL-PRT',
        options: [
          {
            name: 'Print',
            values: [
              ['Lighthouse', 'LH', 1],
              ['Harbour', 'HB', 1],
              ['Storm', 'ST', 1],
            ],
          },
        ],
      },
      {
        key: 'tote',
        name: 'Canvas Tote',
        code: '00093-TOTE',
        options: [
          {
            name: 'Color',
            values: [
              ['Natural', 'NAT', 1],
              ['Navy', 'NVY', 1],
            ],
          },
        ],
      },
      {
        key: 'tee',
        name: 'Lighthouse Tee',
        code: 'WL-TEE',
        options: [
          {
            name: 'Size',
            values: [
              ['S', 'S', 15],
              ['M', 'M', 30],
              ['L', 'L', 30],
              ['XL', 'XL', 15],
              ['XXL', 'XXL', 10],
            ],
          },
        ],
      },
    ],
    perks: [
      {
        label: 'Digital Edition',
        amount: 8,
        description: 'PDF and ePub of the finished book.',
        items: [],
        cap: null,
        featured: false,
        weight: 15,
      },
      {
        label: 'Hardcover',
        amount: 25,
        description: 'The hardcover edition, shipped worldwide.',
        items: [['hard', 1]],
        cap: null,
        featured: false,
        weight: 30,
      },
      {
        label: 'Signed Hardcover + Print',
        amount: 45,
        description: 'Hardcover with a signed bookplate and an A3 art print of your choice.',
        items: [
          ['hard', 1],
          ['plate', 1],
          ['print', 1],
        ],
        cap: 250,
        featured: true,
        weight: 15,
      },
      {
        label: 'Two Hardcovers',
        amount: 45,
        description: 'Two hardcovers: keep one, gift one.',
        items: [['hard', 2]],
        cap: null,
        featured: false,
        weight: 8,
      },
      {
        label: 'Tote Bundle',
        amount: 39,
        description: 'Hardcover and a canvas tote.',
        items: [
          ['hard', 1],
          ['tote', 1],
        ],
        cap: null,
        featured: false,
        weight: 8,
      },
      {
        label: 'Lighthouse Keeper',
        amount: 95,
        description: 'Everything: signed hardcover, print, tote and the lighthouse tee.',
        items: [
          ['hard', 1],
          ['plate', 1],
          ['print', 1],
          ['tote', 1],
          ['tee', 1],
        ],
        cap: 100,
        featured: false,
        weight: 4,
      },
      {
        label: 'Art Print',
        amount: 15,
        description: 'One A3 art print.',
        items: [['print', 1]],
        cap: null,
        featured: false,
        weight: 3,
      },
    ],
  },
  {
    id: 95731,
    slug: 'copperkettle-pour-over-kettle',
    title: 'Copperkettle Pour-Over Kettle',
    tagline: 'A gooseneck kettle hand-finished in North Carolina.',
    city: 'Asheville',
    country: 'United States',
    region: 'North Carolina',
    regionCode: 'NC',
    countryCode: 'US',
    currency: USD,
    category: { id: 31, name: 'home', text: 'Home' },
    goal: 5000,
    fundingType: 'fixed',
    start: pacific(2025, 4, 1, 9),
    end: pacific(2025, 5, 1, 9),
    listingEnd: pacific(2025, 5, 1, 9),
    foreverFunding: false,
    commentsCount: 21,
    updatesCount: 14,
    owner: {
      accountId: 17_000_401,
      name: 'Dana Whitfield',
      email: 'dana@copperkettle.example.com',
    },
    members: [{ accountId: 17_000_402, name: 'Sam Ortiz', email: 'sam@copperkettle.example.com' }],
    demoOnTeam: false,
    statusWeights: [
      ['fulfilled', 45],
      ['in_fulfillment', 25],
      ['captured', 12],
      ['refunded', 8],
      ['on_hold', 4],
      ['pending', 3],
      ['unprocessable', 3],
    ],
    items: [
      {
        key: 'kettle',
        name: 'Copperkettle Pour-Over Kettle',
        code: 'CK-KTL',
        options: [
          {
            name: 'Finish',
            values: [
              ['Copper', 'CU', 5],
              ['Matte Black', 'MB', 4],
              ['Brushed Steel', 'SS', 2],
            ],
          },
        ],
      },
      { key: 'scale', name: 'Drip Scale', code: '0042-SCALE' },
      {
        key: 'mug',
        name: 'Stoneware Mug',
        code: 'CK-MUG',
        options: [
          {
            name: 'Glaze',
            values: [
              ['Speckle', 'SPK', 1],
              ['Slate', 'SLT', 1],
            ],
          },
        ],
      },
      { key: 'filters', name: 'Paper Filters (100)', code: '00000817' },
    ],
    perks: [
      {
        label: 'Brew Guide (PDF)',
        amount: 10,
        description: 'Our 40-page pour-over brew guide.',
        items: [],
        cap: null,
        featured: false,
        weight: 5,
      },
      {
        label: 'Early Bird Kettle',
        amount: 79,
        description: 'One kettle at the early-bird price.',
        items: [['kettle', 1]],
        cap: 150,
        featured: true,
        weight: 25,
      },
      {
        label: 'Kettle',
        amount: 99,
        description: 'One kettle and a pack of filters.',
        items: [
          ['kettle', 1],
          ['filters', 1],
        ],
        cap: null,
        featured: false,
        weight: 25,
      },
      {
        label: 'Kettle + Scale',
        amount: 139,
        description: 'Kettle, drip scale and filters.',
        items: [
          ['kettle', 1],
          ['scale', 1],
          ['filters', 1],
        ],
        cap: null,
        featured: false,
        weight: 15,
      },
      {
        label: 'Two Kettles',
        amount: 179,
        description: 'Two kettles of the same finish and two packs of filters.',
        items: [
          ['kettle', 2],
          ['filters', 2],
        ],
        cap: null,
        featured: false,
        weight: 6,
      },
      {
        label: 'Mug Pair',
        amount: 35,
        description: 'Two stoneware mugs in one glaze.',
        items: [['mug', 2]],
        cap: null,
        featured: false,
        weight: 5,
      },
    ],
  },
]

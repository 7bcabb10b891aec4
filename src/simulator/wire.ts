import type { BatchState, OrderStatus } from '../shared/api'

// The simulator answers in the shape the spec's field tables show (every field present, typed
// as seen once). PerkPack's own model (src/shared/api/schemas.ts) reads far less strictly; these
// types are what a clean answer looks like, and the drift knob bends them on demand.

export interface WireSkuChoice {
  name: string
  value: string
}

export interface WireItem {
  id: number
  name: string
  quantity: number
  sku: { id: number; code: string; choices: WireSkuChoice[] }
}

export interface WirePerk {
  id: number
  campaign_slug: string
  amount: number
  description: string
  number_claimed: number
  number_available: number | null
  estimated_delivery_date: null
  shipping_address_required: boolean
  label: string
  validation_errors: null
  featured: boolean
  non_tax_deductible_amount: null
  items: WireItem[]
}

export interface WireShipping {
  name: string
  address: string
  address2: string | null
  city: string
  state: string
  zipcode: string
  country: string
  phone_number: string
}

export interface WireOrder {
  id: number
  perks: WirePerk[]
  sequence_number: number
  shipping?: WireShipping | null
  status: OrderStatus
}

interface WireContributionBase {
  id: number
  created_at: string
  avatar_url: string
  amount: number
  by: string
  appearance: { private_amount: boolean }
}

export interface WireCampaignContribution extends WireContributionBase {
  email?: string | null
  account_id: number
  referrer_id: number | null
  contributor_name: string
  payment_method: string
  order: WireOrder
}

export interface WireTeamMember {
  id: number
  name: string
  status: string
  owner: boolean
  avatar_url: string
  social: { verified: boolean; friends_count: number }
  account_id: number
  user_type: string
}

export interface WireCampaign {
  id: number
  slug: string
  title: string
  tagline: string
  city: string
  country: string
  region: string
  region_code: string
  country_code_alpha_2: string
  image_types: Record<'baseball_card' | 'small' | 'medium' | 'large' | 'original', string>
  currency: { iso_num: number; iso_code: string; symbol: string }
  created_at: string
  updated_at: string
  funding_started_at: string
  funding_ends_at: string
  funding_days: number
  baseball_card_image_url: string
  main_image_url: string
  web_url: string
  forever_funding_active: boolean
  processor_payout_active?: boolean
  goal: number
  perks_available: boolean
  category: { id: number; name: string; text: string }
  collected_funds: number
  funding_type: string
  contributions_count: number
  comments_count: number
  updates_count: number
  favorited: boolean
  forever_funding_collected_funds: number
  forever_funding_ends_at: null
  video_overlay_url: null
  main_video_url: null
  social_url?: string
  life: Record<string, never>
  latest_updates: unknown[]
  team_members: WireTeamMember[]
  project_sponsors: unknown[]
}

export interface WireAccountContribution extends WireContributionBase {
  campaign: WireCampaign
  order: { id: number; perks: WirePerk[] }
}

export interface WirePagination {
  previous: number | null
  next: number | null
  current: number
  per_page: number
  count: number
  pages: number
}

export interface WireSignup {
  email: string
  signup_time: string
}

export interface WireBatchStatus {
  status: BatchState
  message: string
  number_processed: number
  total: number
  /**
   * Not in the spec's example (real payloads add fields): the orders a job could not update,
   * each with the platform's reason. The simulator's failed jobs send it.
   */
  errors?: { order_id: number; message: string }[]
}
export type WireSku = WireItem['sku']

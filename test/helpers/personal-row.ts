/** Every personal value planted in the row below: none may survive the masking. */
export const PERSONAL = [
  'ada@example.com',
  'Ada Lovelace',
  'Ada L.',
  'Ada Shipping',
  '12 Analytical Lane',
  'Flat 3',
  'London',
  'Greater London',
  'NW1 6XE',
  '+44 20 7946 0000',
  'https://cdn.example/avatar/ada.png',
  'sekret-access',
  'sekret-api',
  'hunter2',
  'Babbage Billing',
  'charles@example.org',
  'Bill Street 1',
]

/** A broken row as real payloads bring them: personal data in expected and odd places. */
export function personalRow() {
  return {
    id: 41450054,
    created_at: '2024-05-01T10:00:00-07:00',
    avatar_url: 'https://cdn.example/avatar/ada.png',
    by: 'Ada L.',
    email: 'ada@example.com',
    contributor_name: 'Ada Lovelace',
    account_id: 17000101,
    note: 'write to charles@example.org please',
    link: 'https://api.example/2/me.json?api_token=sekret-api&page=2',
    order: {
      id: null,
      status: 'captured',
      perks: [
        {
          id: 16842102,
          label: 'Tidepool Deluxe',
          shipping_address_required: true,
          items: [{ quantity: 1, name: 'Tidepool T-Shirt', sku: { code: 'TP-SHIRT' } }],
        },
      ],
      shipping: {
        name: 'Ada Shipping',
        address: '12 Analytical Lane',
        address2: 'Flat 3',
        city: 'London',
        state: 'Greater London',
        zipcode: 'NW1 6XE',
        country: 'GB',
        phone_number: '+44 20 7946 0000',
      },
    },
    billing: 'Babbage Billing, Bill Street 1',
    session: { access_token: 'sekret-access', password: 'hunter2' },
  }
}

/**
 * What PerkPack needs each required field of a campaign contribution for (docs/data-policy.md),
 * added to the message of a problem row so a person knows why the row was set aside. Keys are
 * field paths within a row with list indexes written `[]`.
 */
export const CONTRIBUTION_FIELD_PURPOSES: Readonly<Record<string, string>> = {
  '(root)': 'each contribution must be an object',
  id: 'PerkPack tells contributions apart by their id',
  order: 'the order says what to ship',
  'order.id': 'PerkPack needs the order id for packing lists and shipper files',
  'order.status': 'the status decides whether the order ships',
  'order.perks': 'the perks say what to pack',
  'order.perks[]': 'each perk must be an object with an id and a label',
  'order.perks[].id': 'PerkPack groups orders by perk id',
  'order.perks[].label': 'the perk label names the perk on pick lists and slips',
  'order.perks[].items': 'the items say what to pick',
  'order.perks[].items[]': 'each item must be an object with a SKU and a quantity',
  'order.perks[].items[].quantity': 'the quantity says how many to pick',
  'order.perks[].items[].sku': 'the SKU says which item to pick',
  'order.perks[].items[].sku.code': 'the SKU code says which item to pick',
  'order.perks[].items[].sku.choices': 'the choices say which variant to pick',
  'order.perks[].items[].sku.choices[]': 'the choices say which variant to pick',
  'order.perks[].items[].sku.choices[].name': 'the choices say which variant to pick',
  'order.perks[].items[].sku.choices[].value': 'the choices say which variant to pick',
}

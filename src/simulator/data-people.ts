import { memoized } from '../shared/memo'
import type { WireShipping } from './wire'
import { countryPicker, randomShipping, type CountryCode } from './data-addresses'
import { Rng, Weighted, mix32 } from './data-random'

/** One backer account: the same person keeps name, e-mail and address across contributions. */
export interface Persona {
  accountId: number
  name: string
  email: string
  avatarUrl: string
  /**
   * Shared (frozen) by all of this account's orders. `shipping.name` is usually `name`,
   * sometimes a gift recipient: the field is free text.
   */
  shipping: Readonly<WireShipping>
}

type Origin =
  'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'sv' | 'ja' | 'ko' | 'zh' | 'el' | 'ru' | 'ar'

// Every name comes from the fixed lists above, so the slugs are few; 100,000 backers should not
// run the same regular expressions 200,000 times.
const slugs = new Map<string, string>()

/** ASCII form of a Latin name for e-mail local parts (Müller -> muller, Weiß -> weiss). */
function asciiSlug(text: string): string {
  return memoized(slugs, text, slugOf)
}

function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
}

interface NamePart {
  text: string
  slug: string
}

function latin(list: readonly string[]): NamePart[] {
  return list.map((text) => ({ text, slug: asciiSlug(text) }))
}

const LATIN: Record<
  'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'sv',
  [NamePart[], NamePart[]]
> = {
  en: [
    latin(['James', 'Mary', 'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason']),
    latin(['Smith', 'Johnson', 'Brown', 'Miller', "O'Brien", 'MacDonald', 'Nguyen', 'Patel']),
  ],
  de: [
    latin(['Jürgen', 'Lena', 'Lukas', 'Anna', 'Jörg', 'Sophie', 'Maximilian', 'Käthe', 'Felix']),
    latin(['Müller', 'Schmidt', 'Fischer', 'Weiß', 'Schäfer', 'Groß', 'Köhler', 'von Bülow']),
  ],
  fr: [
    latin(['François', 'Élodie', 'Chloé', 'Benoît', 'Zoé', 'Hélène', 'Jérôme', 'Gaëlle', 'Loïc']),
    latin(['Lefèvre', 'Dubois', 'Moreau', 'Girard', 'Bézier', 'Fontaine', 'Lemaître', 'Dupont']),
  ],
  es: [
    latin(['José', 'María', 'Lucía', 'Iñaki', 'Alejandro', 'Sofía', 'Álvaro', 'Inés', 'Martín']),
    latin(['García', 'Núñez', 'Peña', 'Fernández', 'López', 'Ibáñez', 'Muñoz', 'Hernández']),
  ],
  it: [
    latin(['Giulia', 'Niccolò', 'Matteo', 'Francesca', 'Lorenzo', 'Chiara', 'Davide', 'Martina']),
    latin(['Rossi', 'Esposito', "D'Angelo", 'Bianchi', 'Romano', 'Colombo', 'De Luca', 'Greco']),
  ],
  pt: [
    latin(['João', 'Ana', 'Luíza', 'Gonçalo', 'Thiago', 'Beatriz', 'Vinícius', 'Júlia', 'Caio']),
    latin(['Silva', 'Santos', 'Conceição', 'Araújo', 'Gonçalves', 'Magalhães', 'Assunção']),
  ],
  nl: [
    latin(['Daan', 'Sanne', 'Bram', 'Lotte', 'Sem', 'Fleur', 'Thijs', 'Noor', 'Femke']),
    latin(['de Vries', 'van den Berg', 'Jansen', 'Bakker', 'Visser', 'de Jong', "'t Hart"]),
  ],
  sv: [
    latin(['Åsa', 'Björn', 'Linnea', 'Erik', 'Märta', 'Oskar', 'Elsa', 'Gustav', 'Ingrid']),
    latin(['Öberg', 'Lindqvist', 'Söderström', 'Andersson', 'Nilsson', 'Åkesson', 'Ekström']),
  ],
}

// Non-Latin names carry their romanisation: the e-mail local part and the label printer
// fallback both need one. [native, romanised]
const JA_FAMILY = [
  ['山田', 'Yamada'],
  ['佐藤', 'Sato'],
  ['鈴木', 'Suzuki'],
  ['高橋', 'Takahashi'],
  ['渡辺', 'Watanabe'],
  ['伊藤', 'Ito'],
] as const
const JA_GIVEN = [
  ['太郎', 'Taro'],
  ['花子', 'Hanako'],
  ['翔太', 'Shota'],
  ['美咲', 'Misaki'],
  ['健一', 'Kenichi'],
  ['結衣', 'Yui'],
] as const
const KO_FAMILY = [
  ['김', 'Kim'],
  ['이', 'Lee'],
  ['박', 'Park'],
  ['최', 'Choi'],
  ['정', 'Jung'],
] as const
const KO_GIVEN = [
  ['민준', 'Minjun'],
  ['서연', 'Seoyeon'],
  ['지호', 'Jiho'],
  ['하은', 'Haeun'],
  ['도윤', 'Doyun'],
] as const
const ZH_FAMILY = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
] as const
const ZH_GIVEN = [
  ['伟', 'Wei'],
  ['娜', 'Na'],
  ['敏', 'Min'],
  ['静', 'Jing'],
  ['秀英', 'Xiuying'],
] as const
// Greek, Russian and Arabic surnames agree with the given name, so whole names are listed.
const EL_FULL = [
  ['Γιώργος Παπαδόπουλος', 'Giorgos Papadopoulos'],
  ['Μαρία Κωνσταντίνου', 'Maria Konstantinou'],
  ['Νίκος Οικονόμου', 'Nikos Oikonomou'],
  ['Ελένη Παπαδοπούλου', 'Eleni Papadopoulou'],
] as const
const RU_FULL = [
  ['Дмитрий Иванов', 'Dmitry Ivanov'],
  ['Анна Смирнова', 'Anna Smirnova'],
  ['Сергей Кузнецов', 'Sergey Kuznetsov'],
  ['Ольга Попова', 'Olga Popova'],
] as const
const AR_FULL = [
  ['محمد الأحمد', 'Mohammed Al-Ahmad'],
  ['فاطمة الزهراء', 'Fatima Al-Zahra'],
  ['ليلى منصور', 'Layla Mansour'],
  ['يوسف خليل', 'Youssef Khalil'],
] as const

interface GeneratedName {
  name: string
  /** ASCII parts for the e-mail address. */
  given: string
  family: string
}

function fromPair(
  rng: Rng,
  family: readonly (readonly [string, string])[],
  given: readonly (readonly [string, string])[],
  pNative: number,
  nativeSeparator: string,
): GeneratedName {
  const [famNative, famLatin] = rng.pick(family)
  const [givenNative, givenLatin] = rng.pick(given)
  const name = rng.chance(pNative)
    ? `${famNative}${nativeSeparator}${givenNative}`
    : `${givenLatin} ${famLatin}`
  return { name, given: asciiSlug(givenLatin), family: asciiSlug(famLatin) }
}

function fromFull(
  rng: Rng,
  list: readonly (readonly [string, string])[],
  pNative: number,
): GeneratedName {
  const [native, romanised] = rng.pick(list)
  const [given = '', family = ''] = asciiSlug(romanised).split('.', 2)
  return { name: rng.chance(pNative) ? native : romanised, given, family }
}

export function randomName(rng: Rng, origin: Origin): GeneratedName {
  switch (origin) {
    case 'ja':
      // Family name first with a space, as Japanese backers write it ("山田 太郎").
      return fromPair(rng, JA_FAMILY, JA_GIVEN, 0.7, ' ')
    case 'ko':
      return fromPair(rng, KO_FAMILY, KO_GIVEN, 0.75, '')
    case 'zh':
      return fromPair(rng, ZH_FAMILY, ZH_GIVEN, 0.5, '')
    case 'el':
      return fromFull(rng, EL_FULL, 0.6)
    case 'ru':
      return fromFull(rng, RU_FULL, 0.6)
    case 'ar':
      return fromFull(rng, AR_FULL, 0.4)
    default: {
      const [givenList, familyList] = LATIN[origin]
      const given = rng.pick(givenList)
      const family = rng.pick(familyList)
      const suffix = origin === 'en' && rng.chance(0.02) ? ', Jr.' : ''
      return {
        name: `${given.text} ${family.text}${suffix}`,
        given: given.slug,
        family: family.slug,
      }
    }
  }
}

const ORIGINS: Record<CountryCode, Weighted<Origin>> = {
  US: new Weighted<Origin>([
    ['en', 70],
    ['es', 8],
    ['zh', 5],
    ['ko', 3],
    ['ru', 3],
    ['ar', 3],
    ['el', 2],
    ['ja', 2],
    ['it', 2],
    ['de', 2],
  ]),
  GB: new Weighted<Origin>([
    ['en', 75],
    ['ar', 5],
    ['zh', 4],
    ['el', 3],
    ['ru', 3],
    ['fr', 3],
    ['it', 3],
    ['es', 2],
    ['de', 2],
  ]),
  DE: new Weighted<Origin>([
    ['de', 70],
    ['ru', 8],
    ['el', 6],
    ['ar', 6],
    ['en', 4],
    ['it', 3],
    ['fr', 3],
  ]),
  FR: new Weighted<Origin>([
    ['fr', 75],
    ['ar', 12],
    ['es', 4],
    ['it', 4],
    ['en', 3],
    ['zh', 2],
  ]),
  JP: new Weighted<Origin>([
    ['ja', 90],
    ['en', 5],
    ['ko', 3],
    ['zh', 2],
  ]),
  CA: new Weighted<Origin>([
    ['en', 60],
    ['fr', 20],
    ['zh', 10],
    ['ko', 3],
    ['ar', 3],
    ['es', 2],
    ['el', 2],
  ]),
  AU: new Weighted<Origin>([
    ['en', 75],
    ['zh', 8],
    ['el', 6],
    ['it', 4],
    ['ko', 3],
    ['ja', 2],
    ['ar', 2],
  ]),
  BR: new Weighted<Origin>([
    ['pt', 85],
    ['ja', 5],
    ['it', 5],
    ['ar', 5],
  ]),
  NL: new Weighted<Origin>([
    ['nl', 80],
    ['ar', 8],
    ['en', 5],
    ['de', 4],
    ['fr', 3],
  ]),
  IT: new Weighted<Origin>([
    ['it', 85],
    ['ar', 5],
    ['en', 3],
    ['es', 3],
    ['el', 2],
    ['ru', 2],
  ]),
  ES: new Weighted<Origin>([
    ['es', 85],
    ['ar', 5],
    ['en', 4],
    ['fr', 3],
    ['it', 3],
  ]),
  MX: new Weighted<Origin>([
    ['es', 95],
    ['en', 5],
  ]),
  KR: new Weighted<Origin>([
    ['ko', 92],
    ['en', 5],
    ['zh', 3],
  ]),
  SE: new Weighted<Origin>([
    ['sv', 80],
    ['ar', 6],
    ['en', 6],
    ['ru', 4],
    ['de', 4],
  ]),
}

// Reserved example domains only: the simulator must never produce a deliverable address.
const DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example.com',
  'post.example.net',
]
const AVATAR_HOST = 'https://avatars.perkpack.test'

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * E-mail for pool account `index`. The index is the trailing number, and every local part ends
 * in a letter or dot before it, so two accounts can never share an address.
 */
function emailFor(rng: Rng, name: GeneratedName, index: number): string {
  const given = name.given || 'backer'
  const family = name.family || 'anon'
  const format = rng.int(DOMAINS.length)
  const local =
    format === 0
      ? `${given}.${family}${index}`
      : format === 1
        ? `${given.charAt(0)}${family}${index}`
        : format === 2
          ? `${family}.${given}.${index}`
          : format === 3
            ? `${given}${index}`
            : `${family}_${index}`
  const domain = DOMAINS[format] ?? 'example.com'
  // Some sign-up forms keep the capitals people type; matching must be case-insensitive.
  return rng.chance(0.05) ? `${capitalise(local)}@${capitalise(domain)}` : `${local}@${domain}`
}

export function avatarUrl(accountId: number, useDefault: boolean): string {
  return useDefault ? `${AVATAR_HOST}/default.png` : `${AVATAR_HOST}/${accountId}.jpg`
}

/** A random backer, derived only from (seed, index) so it does not depend on generation order. */
export function randomPersona(seed: number, index: number, accountId: number): Persona {
  const rng = new Rng(seed, mix32(0xa11ce, index))
  const country = countryPicker.pick(rng)
  const origin = ORIGINS[country].pick(rng)
  const name = randomName(rng, origin)
  const email = emailFor(rng, name, index)
  const avatar = avatarUrl(accountId, rng.chance(0.35))
  const shippingName = rng.chance(0.04) ? randomName(rng, origin).name : name.name
  return {
    accountId,
    name: name.name,
    email,
    avatarUrl: avatar,
    shipping: Object.freeze(randomShipping(rng, shippingName, country)),
  }
}

/** A random e-mail for a pre-launch sign-up who never backed; `tag` keeps it unique. */
export function randomSignupEmail(rng: Rng, tag: string): string {
  const country = countryPicker.pick(rng)
  const name = randomName(rng, ORIGINS[country].pick(rng))
  return `${name.given || 'fan'}.${name.family || 'signup'}.${tag}@${rng.pick(DOMAINS)}`
}

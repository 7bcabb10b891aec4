/** Production hosts, per the public clients of the API (see shared/api-notes.md). */
export const DEFAULT_BASE_URL = 'https://api.indiegogo.com'
export const DEFAULT_AUTH_URL = 'https://auth.indiegogo.com'
export const API_VERSION = '2'
export const PAGE_SIZE = 30

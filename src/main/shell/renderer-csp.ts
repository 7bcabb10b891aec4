/**
 * The renderer's Content-Security-Policy, sent as a header with the page: by app://perkpack
 * (app-protocol.ts), the dev server and the web harness. 'self' is the page's own origin:
 * app://perkpack in the app, so no file:, http: or https: URL may supply a script, a style, an
 * image or a connection; the harness's own http origin in a browser. The <meta> of
 * src/renderer/index.html repeats it (a test keeps the two alike) for a page opened some other
 * way. Only a header can carry frame-ancestors, so it is added here.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // naive-ui injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

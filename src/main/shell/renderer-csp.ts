/**
 * The renderer's Content-Security-Policy, also sent as a header where there is a header to send
 * (the dev server, the web harness). It repeats the <meta> of src/renderer/index.html, which is
 * what protects the file:// build; a test keeps the two alike. Only a header can carry
 * frame-ancestors, so it is added here.
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

import { readFileSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { RENDERER_CONTENT_TYPES } from './src/main/shell/app-protocol'
import { uiFontTarget } from './src/main/shell/ui-fonts'

/**
 * `npm run dev`: the window's page comes from Vite's dev server, so /fonts.css and the font files
 * index.html links (app:// and the web harness serve them from the font root) come from here.
 */
function uiFontsInDevServer(): Plugin {
  return {
    name: 'perkpack-ui-fonts',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const target = uiFontTarget((req.url ?? '/').replace(/[?#].*$/s, ''))
        if (target === null) return next()
        if (!target.ok) {
          res.statusCode = 404
          return res.end('Not found')
        }
        if ('css' in target) {
          res.setHeader('content-type', RENDERER_CONTENT_TYPES['.css'] ?? '')
          return res.end(target.css)
        }
        res.setHeader('content-type', RENDERER_CONTENT_TYPES[extname(target.file)] ?? '')
        return res.end(readFileSync(target.file))
      })
    },
  }
}

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
  },
  preload: {
    // A sandboxed preload can only require('electron'): bundle everything else into it.
    build: { externalizeDeps: false },
    resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: {
      alias: {
        '@renderer': resolve(__dirname, 'src/renderer/src'),
        '@shared': resolve(__dirname, 'src/shared'),
      },
    },
    plugins: [vue(), uiFontsInDevServer()],
  },
})

import { describe, expect, it } from 'vitest'
import {
  isRendererPage,
  rendererLocation,
  windowOpenAction,
} from '../../../src/main/shell/renderer-location'

const built = rendererLocation(undefined, true)
const dev = rendererLocation('http://localhost:5173/', false)

describe('rendererLocation: ELECTRON_RENDERER_URL only while developing', () => {
  it('loads app://perkpack/index.html when packaged, whatever the environment says', () => {
    expect(rendererLocation('http://localhost:5173/', true)).toEqual({
      kind: 'app',
      url: 'app://perkpack/index.html',
    })
    expect(rendererLocation(undefined, false)).toEqual({
      kind: 'app',
      url: 'app://perkpack/index.html',
    })
  })

  it('loads the dev server when unpackaged, if it is an http(s) server on this computer', () => {
    expect(dev).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
    })
    expect(rendererLocation('https://127.0.0.1:5173', false)).toMatchObject({ kind: 'dev-server' })
    for (const other of [
      'https://evil.example/',
      'http://192.168.1.20:5173/',
      'file:///tmp/index.html',
      'http://user:pw@localhost:5173/',
      'not a url',
    ]) {
      expect(rendererLocation(other, false)).toMatchObject({ kind: 'app' })
    }
  })
})

describe('isRendererPage: the navigation guard and the IPC sender check', () => {
  it('accepts the built page with its routes', () => {
    expect(isRendererPage('app://perkpack/index.html', built)).toBe(true)
    expect(isRendererPage('app://perkpack/index.html#/orders?campaign=7', built)).toBe(true)
  })

  it.each([
    'file:///opt/PerkPack/resources/app.asar/out/renderer/index.html',
    'file:///etc/passwd',
    'app://evil/index.html',
    'app://perkpack.evil/index.html',
    'app://perkpack:1/index.html',
    'app://user@perkpack/index.html',
    'app://perkpack/assets/index-abc.js',
    'https://perkpack/index.html',
    'http://localhost:5173/',
    'https://www.indiegogo.com/',
    'about:blank',
    'not a url',
  ])('refuses %s in the built app', (url) => {
    expect(isRendererPage(url, built)).toBe(false)
  })

  it('accepts the dev server origin only while developing', () => {
    expect(isRendererPage('http://localhost:5173/', dev)).toBe(true)
    expect(isRendererPage('http://localhost:5173/src/main.ts#/orders', dev)).toBe(true)
    for (const url of [
      'http://localhost:5174/',
      'https://localhost:5173/',
      'http://127.0.0.1:5173/',
      'file:///tmp/index.html',
      'https://evil.example/',
    ]) {
      expect(isRendererPage(url, dev)).toBe(false)
    }
  })
})

describe('windowOpenAction: no new windows', () => {
  it("sends the platform's pages to the browser and drops everything else", () => {
    expect(windowOpenAction('https://www.indiegogo.com/projects/tidepool')).toBe('open-in-browser')
    for (const url of [
      'app://perkpack/index.html',
      'file:///etc/passwd',
      'http://www.indiegogo.com/',
      'https://evil.example/',
    ]) {
      expect(windowOpenAction(url)).toBe('deny')
    }
  })
})

import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Configuration, TargetConfiguration } from 'electron-builder'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

// electron-builder's own loader and JSON-schema validation (what `electron-builder` runs first),
// resolved through electron-builder so the test does not depend on how npm hoisted its internals.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'))
const { getConfig, validateConfiguration } = fromBuilder(
  'app-builder-lib/out/util/config/config',
) as {
  getConfig(projectDir: string, configPath: string | null, options: null): Promise<Configuration>
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>
}
const { DebugLogger } = fromBuilder('builder-util') as {
  DebugLogger: new (isEnabled: boolean) => unknown
}

function targets(value: unknown): { target: string; arch: string[] }[] {
  return (value as TargetConfiguration[]).map((entry) => ({
    target: entry.target,
    arch: [entry.arch ?? []].flat().map(String),
  }))
}

describe('electron-builder.yml', () => {
  let config: Configuration
  beforeAll(async () => {
    config = await getConfig(root, join(root, 'electron-builder.yml'), null)
  })

  it('passes electron-builder schema validation', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  }, 30_000)

  it('identifies the app and packs only the build output', () => {
    expect(config.appId).toBe('app.perkpack.desktop')
    expect(config.productName).toBe('PerkPack')
    // getConfig normalises `files` to [{ filter: [...] }], as electron-builder sees it.
    const files = [config.files]
      .flat()
      .flatMap((set) => (typeof set === 'string' ? [set] : [set?.filter ?? []].flat()))
    expect(files).toEqual(expect.arrayContaining(['out/**', 'package.json']))
    for (const pattern of files.filter((file) => !file.startsWith('!')))
      expect(pattern).toMatch(/^(out\/|package\.json$)/)
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }
    expect(pkg.main.replace(/^\.\//, '')).toMatch(/^out\//)
  })

  it('unpacks the native addons and rebuilds them for Electron', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toContain('**/*.node')
    expect(config.npmRebuild).toBe(true)
    expect(config.buildDependenciesFromSource).toBe(false)
  })

  it('targets NSIS on Windows, dmg on macOS and AppImage + deb on Linux', () => {
    expect(targets(config.win?.target)).toEqual([{ target: 'nsis', arch: ['x64'] }])
    expect(targets(config.mac?.target)).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }])
    expect(config.mac?.hardenedRuntime).toBe(true)
    expect(existsSync(join(root, config.mac?.entitlements ?? 'missing'))).toBe(true)
    expect(targets(config.linux?.target)).toEqual([
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ])
    expect(config.deb?.depends).toContain('libsecret-1-0')
    expect(config.publish).toBeNull()
  })

  it('has a PNG icon of at least 512×512', () => {
    for (const icon of [config.win?.icon, config.mac?.icon, config.linux?.icon]) {
      const png = readFileSync(join(root, icon ?? 'missing'))
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512)
      expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(512)
    }
  })

  it('is what npm run dist uses', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder')
    expect(pkg.scripts['dist:linux']).toBe('electron-vite build && electron-builder --linux')
    expect(pkg.scripts['dist:win']).toBe('electron-vite build && electron-builder --win')
    expect(pkg.scripts['dist:mac']).toBe('electron-vite build && electron-builder --mac')
  })
})

/** docs/security.md's "Fuses" table: fuse name → on/off. */
function documentedFuses(): Record<string, boolean> {
  const doc = readFileSync(join(root, 'docs/security.md'), 'utf8')
  const section = doc.split(/^## /m).find((part) => part.startsWith('Fuses\n')) ?? ''
  const rows = [...section.matchAll(/^\|\s*`(\w+)`\s*\|\s*(on|off)\s*\|/gm)]
  return Object.fromEntries(rows.map(([, name, value]) => [name, value === 'on']))
}

describe('Electron fuses', () => {
  it('writes every fuse of the installed fuse wire, each as docs/security.md says', async () => {
    const config = await getConfig(root, join(root, 'electron-builder.yml'), null)
    // What electron-builder hands @electron/fuses when it packs: fuse index → value.
    const { PlatformPackager } = fromBuilder('app-builder-lib') as {
      PlatformPackager: {
        prototype: { generateFuseConfig(fuses: unknown): Promise<Record<string, unknown>> }
      }
    }
    const wire = await PlatformPackager.prototype.generateFuseConfig.call(
      null,
      config.electronFuses,
    )
    // Every fuse the @electron/fuses electron-builder uses knows of, by the name the yml uses.
    const fromLib = createRequire(fromBuilder.resolve('app-builder-lib/package.json'))
    const { FuseV1Options } = fromLib('@electron/fuses') as {
      FuseV1Options: Record<string, string | number>
    }
    const written = Object.fromEntries(
      Object.entries(FuseV1Options)
        .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
        .map(([name, index]) => [name[0]!.toLowerCase() + name.slice(1), wire[index]]),
    )
    const documented = documentedFuses()
    expect(Object.keys(documented).length).toBeGreaterThan(0)
    // toStrictEqual: a fuse left unset (undefined) is a difference, not a match.
    expect(written).toStrictEqual(documented)
  })
})

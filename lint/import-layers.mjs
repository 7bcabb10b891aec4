import fs from 'node:fs'
import path from 'node:path'

/**
 * Layering by folder, in the manner of VS Code's import-pattern rules: every import of our own
 * code (relative or through an alias) is resolved to a file of the repository and checked
 * against the layers the importing file belongs to. `no-restricted-imports` only sees the text
 * of the specifier, and `../session` means services/session.ts from one folder and the session
 * feature from the next.
 *
 * Options: `{ aliases: { '@shared/': 'src/shared/' }, layers: [{ files, except?, forbid,
 * allow?, message }] }`: files in `files` but not in `except` may not import a file in `forbid`
 * unless it is in `allow`. Globs are relative to the working directory (`**` any folders, `*`
 * one name).
 */

function globToRegExp(glob) {
  let source = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/'
      source += slash ? '(?:.*/)?' : '.*'
      i += slash ? 2 : 1
    } else if (c === '*') source += '[^/]*'
    else source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

const matcher = (globs = []) => {
  const patterns = globs.map(globToRegExp)
  return (file) => patterns.some((pattern) => pattern.test(file))
}

const EXTENSIONS = ['', '.ts', '.vue', '.mts', '.js', '.mjs', '/index.ts']

/** The repository path an import names, or null for a package. */
function resolveImport(specifier, fromFile, cwd, aliases) {
  let base = null
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier)
  else {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix))
    if (alias) base = path.resolve(cwd, aliases[alias], specifier.slice(alias.length))
  }
  if (base === null) return null
  const file =
    EXTENSIONS.map((ext) => base + ext).find((candidate) => {
      try {
        return fs.statSync(candidate).isFile()
      } catch {
        return false
      }
    }) ?? base
  return path.relative(cwd, file).split(path.sep).join('/')
}

/** @type {import('eslint').Rule.RuleModule} */
export const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports of our own code follow the layers of the folders.' },
    schema: [
      {
        type: 'object',
        properties: {
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                files: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                forbid: { type: 'array', items: { type: 'string' } },
                allow: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['files', 'forbid', 'message'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{message}} (imports {{target}})' },
  },
  create(context) {
    const { aliases = {}, layers = [] } = context.options[0] ?? {}
    const cwd = context.cwd
    const self = path.relative(cwd, context.filename).split(path.sep).join('/')
    const active = layers
      .filter((layer) => matcher(layer.files)(self) && !matcher(layer.except)(self))
      .map((layer) => {
        const forbid = matcher(layer.forbid)
        const allow = matcher(layer.allow)
        return { forbidden: (file) => forbid(file) && !allow(file), message: layer.message }
      })
    if (active.length === 0) return {}

    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return
      const target = resolveImport(node.value, context.filename, cwd, aliases)
      if (target === null) return
      for (const layer of active) {
        if (layer.forbidden(target)) {
          context.report({ node, messageId: 'forbidden', data: { message: layer.message, target } })
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.source),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          check(node.arguments[0])
        }
      },
    }
  },
}

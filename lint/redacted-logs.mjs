/**
 * Every console line of the main process goes through redaction: an error's message may quote a
 * URL with a token in its query string, a pg message or a password, and stderr ends up in bug
 * reports and system logs. A console call's arguments must be a string literal, a call of
 * `redact(...)` or `describeError(...)` (src/main/core/system/redact.ts), or a template whose every
 * `${...}` is one of those calls; `console.error(e)`, `String(error)` or a bare variable is
 * reported.
 */

const REDACTORS = new Set(['redact', 'describeError'])

const isRedactorCall = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'Identifier' &&
  REDACTORS.has(node.callee.name)

function redacted(node) {
  if (node.type === 'Literal') return typeof node.value === 'string'
  if (node.type === 'TemplateLiteral') return node.expressions.every(isRedactorCall)
  return isRedactorCall(node)
}

export const redactedLogs = {
  meta: {
    type: 'problem',
    docs: { description: 'console output of the main process goes through redact()' },
    schema: [],
    messages: {
      raw: 'Log through redact() or describeError() (src/main/core/system/redact.ts): what an error says may quote a token, a URL with one, or a password.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier') return
        if (callee.object.name !== 'console') return
        for (const argument of node.arguments) {
          if (!redacted(argument)) context.report({ node: argument, messageId: 'raw' })
        }
      },
    }
  },
}

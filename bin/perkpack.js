#!/usr/bin/env node
'use strict'
// Runs the TypeScript sources directly, so `npx perkpack` is always the code in the tree.
require('tsx/cjs/api').register()
require('../src/cli/main.ts').main()

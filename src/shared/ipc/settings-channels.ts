import { z } from 'zod'
import { settingsPatchSchema } from './settings-schemas'
import type { AppSettings } from './settings-schemas'
import type { AppInfo } from './results'
import { returns } from './returns'
import { noArgs } from './channel-args'

export const SETTINGS_CHANNELS = {
  'settings:appInfo': { method: 'appInfo', args: noArgs, result: returns<AppInfo>() },
  'settings:get': { method: 'getSettings', args: noArgs, result: returns<AppSettings>() },
  'settings:update': {
    method: 'updateSettings',
    args: z.tuple([settingsPatchSchema]),
    result: returns<AppSettings>(),
  },
} as const

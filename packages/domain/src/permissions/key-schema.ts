import { z } from 'zod';
import { PERMISSION_KEYS, type PermissionKey } from './keys.js';

/** A permission key (zod): kept apart from keys.ts so that abilities and menus load without zod. */
export const permissionKeySchema = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);

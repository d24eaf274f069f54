import { randomBytes } from 'node:crypto';
import { TRUSTED_DEVICE_DAYS } from '@ferry/domain/schemas';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { setApiCookie } from '../../platform/auth/session-cookie.js';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { hashToken } from './service.js';
import { type TrustedDeviceRow, trustedDevices } from './tables.js';

/**
 * "Trust this device for 30 days": after a sign-in code, the browser may receive a device token (256
 * random bits) in an HttpOnly cookie; a later sign-in of the same user presenting it skips the code.
 * Only the token's SHA-256 is stored. It expires after 30 days and is revoked by a password change or
 * reset (`revokeTrustedDevices`). A browser holds one such cookie: trusting it for another user replaces
 * it. Private windows never get one.
 */
export const TRUSTED_DEVICE_COOKIE = 'ferry_trusted_device';

const MAX_TOKEN_LENGTH = 128;

export interface CreatedTrustedDevice {
  id: string;
  token: string;
  expiresAt: Date;
}

export async function createTrustedDevice(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  deviceId?: string | null;
}): Promise<CreatedTrustedDevice> {
  const token = randomBytes(32).toString('base64url');
  const id = newId();
  const now = options.clock.now();
  const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * 24 * 3_600_000);
  await options.db.insert(trustedDevices).values({
    id,
    userId: options.userId,
    tokenHash: hashToken(token),
    deviceId: options.deviceId ?? null,
    createdAt: now,
    expiresAt,
  });
  return { id, token, expiresAt };
}

/** The user's unexpired, unrevoked trusted device for this token; another user's device does not count. */
export async function findTrustedDevice(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  token: string | undefined;
}): Promise<TrustedDeviceRow | null> {
  if (!options.token || options.token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await options.db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(options.token)),
        eq(trustedDevices.userId, options.userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, options.clock.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function markTrustedDeviceUsed(options: {
  db: DbOrTx;
  clock: Clock;
  id: string;
}): Promise<void> {
  await options.db
    .update(trustedDevices)
    .set({ lastUsedAt: options.clock.now() })
    .where(eq(trustedDevices.id, options.id));
}

export function readTrustedDeviceToken(request: FastifyRequest): string | undefined {
  return request.cookies?.[TRUSTED_DEVICE_COOKIE] || undefined;
}

export function setTrustedDeviceCookie(
  reply: FastifyReply,
  config: Config,
  device: Pick<CreatedTrustedDevice, 'token' | 'expiresAt'>,
): void {
  setApiCookie(reply, config, {
    name: TRUSTED_DEVICE_COOKIE,
    value: device.token,
    expiresAt: device.expiresAt,
  });
}

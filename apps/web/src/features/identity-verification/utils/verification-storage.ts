import { isId } from '@ferry/domain';
import { getStored, removeStored, setStored, VERIFICATION_TYPES, type VerificationType } from '@/lib/storage';
import { getSafePath } from './safe-url';

export type PendingVerification = {
  type: VerificationType | null;
  userStatus: string | null;
  businessId: string | null;
  customerId: string | null;
  returnUrl: string | null;
};

const isVerificationType = (value: unknown): value is VerificationType =>
  typeof value === 'string' && (VERIFICATION_TYPES as readonly string[]).includes(value);

const asId = (value: unknown): string | null => (typeof value === 'string' && isId(value) ? value : null);

/** The stored verification and its return URL, read defensively (storage is user-controlled input). */
export const readPendingVerification = (): PendingVerification => {
  const stored = getStored('verification');
  return {
    type: isVerificationType(stored?.type) ? stored.type : null,
    userStatus: typeof stored?.userStatus === 'string' ? stored.userStatus : null,
    businessId: asId(stored?.businessId),
    customerId: asId(stored?.customerId),
    returnUrl: getSafePath(getStored('verificationReturnUrl')),
  };
};

/**
 * Records a verification being started here. The business flow (`?businessId=`) is always BUSINESS;
 * otherwise a type a guest or auto-payment flow stored before sending the person here is kept, else USER.
 */
export const rememberVerificationStart = (options: {
  businessId: string | null;
  userStatus: string | null | undefined;
}): void => {
  const stored = getStored('verification');
  const keep = isVerificationType(stored?.type) ? stored.type : null;
  const type: VerificationType = options.businessId ? 'BUSINESS' : (keep ?? 'USER');
  const businessId = options.businessId ?? asId(stored?.businessId);
  const customerId = asId(stored?.customerId);
  setStored('verification', {
    type,
    ...(options.userStatus ? { userStatus: options.userStatus } : {}),
    ...(businessId ? { businessId } : {}),
    ...(customerId && type !== 'BUSINESS' ? { customerId } : {}),
  });
};

/** Forgets the verification once the person moves on from its result. */
export const forgetVerification = (): void => {
  removeStored('verification');
  removeStored('verificationReturnUrl');
};

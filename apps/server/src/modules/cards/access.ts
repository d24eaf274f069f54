import type { Subject } from '@ferry/domain/permissions';

/** Settings > Payment Methods: cards, card acceptance and fee quotes. */
export const CARD_READ: ['read', Subject] = ['read', 'PaymentMethod'];
export const CARD_MANAGE: ['manage', Subject] = ['manage', 'PaymentMethod'];
export const CARD_SUBJECT: Subject = 'PaymentMethod';

export const CARD_ENTITY_TYPE = 'cards';
export const MERCHANT_ENTITY_TYPE = 'merchant_accounts';

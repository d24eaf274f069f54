import { describe, expect, it } from 'vitest';
import { BUSINESS_FEATURES, businessFeatures, VERIFIED_ONLY_MESSAGE } from './features.js';
import { GUIDED_TOURS, tourStatusRequestSchema } from './tours.js';

describe('businessFeatures', () => {
  const moneyKeys = ['SEND_PAYMENTS', 'RECEIVE_PAYMENTS', 'AUTO_PAYMENTS', 'ACCEPT_CARD_PAYMENTS'];

  it.each([null, undefined, 'SUBMITTED', 'REJECTED'])(
    'locks money-moving features with the spec wording while the status is %s',
    (status) => {
      const features = businessFeatures(status);
      expect(features).toHaveLength(BUSINESS_FEATURES.length);
      for (const feature of features) {
        const movesMoney = moneyKeys.includes(feature.key);
        expect(feature.requiresVerification).toBe(movesMoney);
        expect(feature.enabled).toBe(!movesMoney);
        expect(feature.reason).toBe(movesMoney ? VERIFIED_ONLY_MESSAGE : null);
      }
    },
  );

  it('enables everything for a FULL_VERIFIED business', () => {
    expect(businessFeatures('FULL_VERIFIED').every((f) => f.enabled && f.reason === null)).toBe(true);
  });

  it('uses the spec wording', () => {
    expect(VERIFIED_ONLY_MESSAGE).toBe('Full functionality is available only to verified businesses.');
  });
});

describe('tourStatusRequestSchema', () => {
  it('accepts the four tours and refuses others', () => {
    for (const tour of GUIDED_TOURS) {
      expect(tourStatusRequestSchema.safeParse({ tour, completed: true }).success).toBe(true);
    }
    expect(tourStatusRequestSchema.safeParse({ tour: 'payments', completed: true }).success).toBe(false);
    expect(tourStatusRequestSchema.safeParse({ tour: 'home', completed: 'yes' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  collectEffect,
  disburseEffect,
  isBalancedEffect,
  netByAccount,
  reverseEffect,
} from './ledger-effects.js';

describe('ledger effects', () => {
  it('collects from the payer into clearing and disburses from clearing to the payee', () => {
    expect(collectEffect(500).legs).toEqual([
      { account: 'PAYER_FUNDING_SOURCE', amountCents: -500 },
      { account: 'FERRY_CLEARING', amountCents: 500 },
    ]);
    expect(disburseEffect(500).legs).toEqual([
      { account: 'FERRY_CLEARING', amountCents: -500 },
      { account: 'PAYEE_ACCOUNT', amountCents: 500 },
    ]);
    expect(netByAccount([collectEffect(500), disburseEffect(500)])).toEqual({
      PAYER_FUNDING_SOURCE: -500,
      FERRY_CLEARING: 0,
      PAYEE_ACCOUNT: 500,
    });
  });

  it('reverses with the exact opposite legs and never reverses a reversal', () => {
    const reversal = reverseEffect(collectEffect(500), 'PAYMENT_FAIL_REVERSAL');
    expect(reversal.ledgerKind).toBe('PAYMENT_FAIL_REVERSAL');
    expect(collectEffect(1).ledgerKind).toBe('PAYMENT_SUBMIT');
    expect(disburseEffect(1).ledgerKind).toBe('PAYMENT_SETTLE');
    expect(reversal.kind).toBe('REVERSE_COLLECT');
    expect(reversal.legs).toEqual([
      { account: 'PAYER_FUNDING_SOURCE', amountCents: 500 },
      { account: 'FERRY_CLEARING', amountCents: -500 },
    ]);
    expect(reverseEffect(disburseEffect(1), 'PAYMENT_RETURN')).toMatchObject({
      kind: 'REVERSE_DISBURSE',
      ledgerKind: 'PAYMENT_RETURN',
    });
    expect(() => reverseEffect(reversal, 'PAYMENT_RETURN')).toThrow(RangeError);
  });

  it('tells balanced effects from unbalanced ones', () => {
    expect(isBalancedEffect(collectEffect(500))).toBe(true);
    expect(
      isBalancedEffect({
        kind: 'COLLECT',
        ledgerKind: 'PAYMENT_SUBMIT',
        memo: '',
        legs: [{ account: 'FERRY_CLEARING', amountCents: 1 }],
      }),
    ).toBe(false);
    expect(
      isBalancedEffect({
        kind: 'COLLECT',
        ledgerKind: 'PAYMENT_SUBMIT',
        memo: '',
        legs: [
          { account: 'FERRY_CLEARING', amountCents: 2 },
          { account: 'PAYEE_ACCOUNT', amountCents: -1 },
        ],
      }),
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { makeRecord } from '../testing/books';
import { buildRecordData, formFieldOf, initialFormValues } from './record-form';

describe('record form', () => {
  it('turns typed dollars into cents and blanks into null, keeping a document’s lines', () => {
    const lines = [
      { description: 'Paper', amountCents: 5000, quantity: 1, accountRemoteId: null, itemRemoteId: null },
    ];
    const original = makeRecord({ id: 'bill-1', kind: 'BILL', data: { lines } });
    const values = {
      ...initialFormValues(null),
      contactRemoteId: 'vendor-1',
      number: ' 1042 ',
      date: '2026-11-02',
      total: '1,234.56',
      balance: 50,
      memo: '',
    };
    expect(buildRecordData('document', values, original)).toEqual({
      errors: null,
      data: {
        contactRemoteId: 'vendor-1',
        number: '1042',
        date: '2026-11-02',
        dueDate: null,
        totalCents: 123456,
        balanceCents: 5000,
        memo: null,
        status: 'OPEN',
        lines,
      },
    });
  });

  it('says what is wrong per field, in the shared schema’s words', () => {
    const values = { ...initialFormValues(null), total: '', balance: 'abc', date: '' };
    expect(buildRecordData('document', values, null).errors).toEqual({
      contactRemoteId: 'Please choose a contact.',
      date: 'Dates are YYYY-MM-DD.',
      total: 'Please enter an amount.',
      balance: 'Please enter a valid amount.',
    });
    expect(buildRecordData('contact', { ...values, name: ' ', email: 'nope' }, null).errors).toEqual({
      name: 'Please enter a name.',
      email: 'Please enter a valid email.',
    });
  });

  it('refuses a balance above the total', () => {
    const values = { ...initialFormValues(null), contactRemoteId: 'v', total: '10', balance: '10.01' };
    expect(buildRecordData('document', values, null).errors).toEqual({
      balance: 'The balance cannot be more than the total.',
    });
  });

  it('shows an edited item’s price in dollars', () => {
    const item = makeRecord({ kind: 'ITEM', data: { name: 'Widget', unitPriceCents: 1999, isSold: false } });
    expect(initialFormValues(item)).toMatchObject({ name: 'Widget', unitPrice: '19.99', isSold: false });
  });

  it('maps the server’s field names to the form’s', () => {
    expect(formFieldOf('data.totalCents')).toBe('total');
    expect(formFieldOf('data.email')).toBe('email');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('data.lines.0.amountCents')).toBeNull();
  });
});

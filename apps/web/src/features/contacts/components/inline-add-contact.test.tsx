import { CONTACT_MESSAGES } from '@ferry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { BUSINESS_ID, CUSTOMERS_API, makeContact, VENDORS_API } from '../testing/contacts';
import { InlineAddContact } from './inline-add-contact';

const setUp = (kind: 'vendor' | 'customer' = 'vendor', handlers = {}) => {
  const api = mockApi(handlers);
  const onAdded = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <InlineAddContact
      businessId={BUSINESS_ID}
      kind={kind}
      initialName="Harbor"
      onAdded={onAdded}
      onCancel={onCancel}
    />,
  );
  return { api, onAdded, onCancel, user: userEvent.setup({ delay: null }) };
};

const name = () => screen.getByRole('textbox', { name: 'Vendor Name' });
const email = () => screen.getByRole('textbox', { name: 'Email Address' });

describe('Inline add of a contact', () => {
  it('starts from the name typed in the picker and requires both fields', async () => {
    const { user, api } = setUp();
    expect(name()).toHaveValue('Harbor');
    await user.clear(name());
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(await screen.findByText(CONTACT_MESSAGES.inlineNameRequired)).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['x'.repeat(51), CONTACT_MESSAGES.inlineMax],
    ['Harbor & Co', CONTACT_MESSAGES.inlineNameChars],
  ])('checks the name %j', async (value, message) => {
    const { user } = setUp();
    await user.clear(name());
    await user.type(name(), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    ['not-an-email', CONTACT_MESSAGES.inlineEmailInvalid],
    [`${'a'.repeat(45)}@x.test`, CONTACT_MESSAGES.inlineMax],
  ])('checks the email %j', async (value, message) => {
    const { user } = setUp();
    await user.type(email(), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('adds the vendor through the inline call and hands it to the picker', async () => {
    const added = makeContact({ name: 'Harbor Tools 2', email: 'hi@harbor.test', needsFinalize: true });
    const { user, api, onAdded } = setUp('vendor', { [`POST ${VENDORS_API}/inline`]: ok(added) });
    await user.type(name(), ' Tools 2');
    await user.type(email(), 'hi@harbor.test');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(added));
    expect(api.bodiesOf(`POST ${VENDORS_API}/inline`)).toEqual([
      { name: 'Harbor Tools 2', email: 'hi@harbor.test' },
    ]);
  });

  it("adds a customer through the customers' inline call, and shows the server's field message", async () => {
    const { user, onAdded } = setUp('customer', {
      [`POST ${CUSTOMERS_API}/inline`]: fail(409, 'A customer with this email already exists.', {
        errors: [{ field: 'email', message: 'A customer with this email already exists.' }],
      }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'hi@harbor.test');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('A customer with this email already exists.')).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('cancels', async () => {
    const { user, onCancel } = setUp();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

import { MERCHANT_FORM_MESSAGES, MONEY_MESSAGES, SAQ_ATTESTATIONS } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, CARDS_API, makeBusiness, makeMerchantStatus } from '../testing/cards';
import { AcceptCardPaymentPage } from './accept-card-payment-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/accept-card-payment', element: <AcceptCardPaymentPage /> },
  { path: '/b/:businessId/kyb/details', element: <Where name="KYB" /> },
  { path: '/b/:businessId/settings/bank-account', element: <Where name="Banks" /> },
];
const PAGE = `/b/${BUSINESS_ID}/settings/accept-card-payment`;
const STATUS_API = `GET ${CARDS_API}/merchant-status`;

const setup = (handlers: Record<string, MockHandler>, business = makeBusiness()) => {
  const api = mockApi({ [`GET /business/${BUSINESS_ID}`]: ok(business), ...handlers });
  const user = userEvent.setup();
  renderRoutes(routes, PAGE);
  return { api, user };
};

describe('Accept card payments page', () => {
  it('explains that the business must be verified first and links to the KYB page', async () => {
    const { api, user } = setup({}, makeBusiness({ status: null }));
    await user.click(await screen.findByRole('link', { name: 'Complete business verification' }));
    expect(await screen.findByText(`KYB at /b/${BUSINESS_ID}/kyb/details`)).toBeInTheDocument();
    expect(api.callsTo(STATUS_API)).toHaveLength(0);
  });

  it("shows the merchant form's messages: required fields, the payout rule sentence, the volume range and the terms", async () => {
    const { api, user } = setup({ [STATUS_API]: ok(makeMerchantStatus()) });
    const form = await screen.findByRole('form', { name: 'Card payment acceptance application' });
    expect(within(form).getByText(MONEY_MESSAGES.payoutBankRule)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Expected annual card volume/ }), '500');
    await user.click(within(form).getByRole('button', { name: 'Submit application' }));

    expect(await within(form).findByText(MERCHANT_FORM_MESSAGES.volume)).toBeInTheDocument();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.incorporationDateRequired)).toBeInTheDocument();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.categoryRequired)).toBeInTheDocument();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.websiteRequired)).toBeInTheDocument();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.businessTypeRequired)).toBeInTheDocument();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.termsRequired)).toBeInTheDocument();
    // The sentence is the payout field's description and, with nothing chosen, its error too.
    expect(within(form).getAllByText(MONEY_MESSAGES.payoutBankRule)).toHaveLength(2);
    expect(api.callsTo(`POST ${CARDS_API}/merchant`)).toHaveLength(0);

    const volume = within(form).getByRole('textbox', { name: /Expected annual card volume/ });
    await user.clear(volume);
    await user.type(volume, '25000000');
    await user.tab();
    expect(within(form).getByText(MERCHANT_FORM_MESSAGES.volume)).toBeInTheDocument();
    await user.clear(volume);
    await user.type(volume, '250000');
    await user.tab();
    expect(volume).toHaveValue('$250,000');
    await waitFor(() =>
      expect(within(form).queryByText(MERCHANT_FORM_MESSAGES.volume)).not.toBeInTheDocument(),
    );
  });

  it('reuses what the business already gave and asks only for the rest', async () => {
    const knownDetails = {
      legalBusinessName: 'Harbor Supplies LLC',
      taxIdMasked: '**-***6789',
      address: '1 Main St, Austin, TX 78701, US',
      businessWebsite: 'www.harbor-supplies.example',
      businessType: 'LLC' as const,
    };
    const { api, user } = setup({
      [STATUS_API]: ok(makeMerchantStatus({ knownDetails })),
      [`POST ${CARDS_API}/merchant`]: ok(makeMerchantStatus({ status: 'SUBMITTED', knownDetails })),
    });
    const form = await screen.findByRole('form', { name: 'Card payment acceptance application' });
    const known = within(form).getByRole('region', { name: 'Details you already gave' });
    for (const value of [
      'Harbor Supplies LLC',
      '**-***6789',
      '1 Main St, Austin, TX 78701, US',
      'www.harbor-supplies.example',
      'Limited Liability Company (LLC)',
    ]) {
      expect(within(known).getByText(value)).toBeInTheDocument();
    }
    // Not asked again.
    expect(within(form).queryByRole('textbox', { name: /Business website/ })).not.toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: /Business type/ })).not.toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Incorporation date/ }), '04/01/2019');
    await user.click(within(form).getByRole('combobox', { name: /Business category/ }));
    await user.click(await screen.findByRole('option', { name: 'Professional Services', hidden: true }));
    await user.click(within(form).getByRole('combobox', { name: /Payout bank account/ }));
    await user.click(await screen.findByRole('option', { name: /Chase/, hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: /Expected annual card volume/ }), '250000');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Submit application' }));

    await waitFor(() => expect(api.callsTo(`POST ${CARDS_API}/merchant`)).toHaveLength(1));
    const body = api.callsTo(`POST ${CARDS_API}/merchant`)[0]?.body;
    expect(body).not.toHaveProperty('businessWebsite');
    expect(body).not.toHaveProperty('businessType');
    expect(body).toMatchObject({
      incorporationDate: '2019-04-01',
      payoutBankAccount: 'bank-1',
      agreeTerms: true,
    });
  });

  it('lets the person change a reused website', async () => {
    const knownDetails = {
      legalBusinessName: null,
      taxIdMasked: null,
      address: null,
      businessWebsite: 'www.harbor-supplies.example',
      businessType: null,
    };
    const { user } = setup({ [STATUS_API]: ok(makeMerchantStatus({ knownDetails })) });
    const form = await screen.findByRole('form', { name: 'Card payment acceptance application' });
    expect(within(form).queryByRole('textbox', { name: /Business website/ })).not.toBeInTheDocument();
    // The type is not known: it is asked.
    expect(within(form).getByRole('combobox', { name: /Business type/ })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change website or type' }));
    expect(within(form).getByRole('textbox', { name: /Business website/ })).toHaveValue(
      'www.harbor-supplies.example',
    );
    expect(within(form).queryByRole('region', { name: 'Details you already gave' })).not.toBeInTheDocument();
  });

  it('links to the bank settings when no bank can receive payouts', async () => {
    setup({ [STATUS_API]: ok(makeMerchantStatus({ eligiblePayoutBanks: [] })) });
    expect(await screen.findByRole('link', { name: 'Go to bank account settings' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/bank-account`,
    );
  });

  it('shows a rejected application with its reason above the form', async () => {
    setup({
      [STATUS_API]: ok(
        makeMerchantStatus({
          status: 'REJECTED',
          rejectionReason: 'The business website could not be verified by the card processor.',
        }),
      ),
    });
    expect(await screen.findByText('Your application was not approved')).toBeInTheDocument();
    expect(
      screen.getByText('The business website could not be verified by the card processor.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Card payment acceptance application' })).toBeInTheDocument();
  });

  it('shows an application under review', async () => {
    setup({
      [STATUS_API]: ok(
        makeMerchantStatus({
          status: 'SUBMITTED',
          application: {
            incorporationDate: '2019-04-01',
            businessCategory: 'RETAIL',
            businessWebsite: 'harborcoffee.com',
            businessType: 'LLC',
            payoutBankAccount: 'bank-1',
            expectedAnnualCardVolume: 250000,
            agreeTerms: true,
            submittedAt: '2025-03-04T10:00:00.000Z',
            decidedAt: null,
          },
        }),
      ),
    });
    expect(await screen.findByText('Your application is under review')).toBeInTheDocument();
    expect(screen.getByText('Submitted on Mar 4, 2025.')).toBeInTheDocument();
  });

  it('takes the SAQ attestation and signer, then shows the toast', async () => {
    const { api, user } = setup({
      [STATUS_API]: ok(makeMerchantStatus({ status: 'SAQ_PENDING' })),
      [`PATCH ${CARDS_API}/saq-details`]: ok(makeMerchantStatus({ status: 'ACTIVE' })),
    });
    const form = await screen.findByRole('form', { name: 'PCI Self-Assessment Questionnaire' });
    await user.click(within(form).getByRole('button', { name: 'Submit SAQ' }));
    expect(await within(form).findByText('Please confirm every statement to continue.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${CARDS_API}/saq-details`)).toHaveLength(0);

    for (const attestation of SAQ_ATTESTATIONS)
      await user.click(within(form).getByLabelText(attestation.label));
    await user.type(within(form).getByLabelText(/Signer name/), 'Dana Whitfield');
    await user.type(within(form).getByLabelText(/Signer title/), 'Owner');
    await user.click(within(form).getByRole('button', { name: 'Submit SAQ' }));

    expect(await screen.findByText(MONEY_MESSAGES.saqSubmitted)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CARDS_API}/saq-details`)).toEqual([
      {
        saqType: 'A',
        signerName: 'Dana Whitfield',
        signerTitle: 'Owner',
        attestations: Object.fromEntries(SAQ_ATTESTATIONS.map((a) => [a.key, true])),
      },
    ]);
    expect(await screen.findByText('You are accepting card payments')).toBeInTheDocument();
  });

  it('turns the surcharge on when active, with the rules and the toast', async () => {
    const active = makeMerchantStatus({
      status: 'ACTIVE',
      saq: {
        saqType: 'A',
        completedAt: '2025-03-05T10:00:00.000Z',
        expiresAt: '2026-03-05T10:00:00.000Z',
        signerName: 'Dana Whitfield',
        signerTitle: 'Owner',
      },
      surcharge: { id: 'sur-1', enabled: false, rateBps: 290, maxRateBps: 300 },
    });
    const { api, user } = setup({
      [STATUS_API]: ok(active),
      [`PATCH ${CARDS_API}/surcharges/sur-1`]: ok({
        ...active,
        surcharge: { ...active.surcharge, enabled: true },
      }),
    });
    expect(await screen.findByText(/PCI SAQ valid until/)).toHaveTextContent('Mar 5, 2026');
    expect(screen.getByText('at most 3% and never above your processing cost')).toBeInTheDocument();
    expect(screen.getByText('never on debit or prepaid cards')).toBeInTheDocument();
    expect(screen.getByText('not where state law bans surcharges')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: /^Add a surcharge to credit card payments/ });
    expect(toggle).toHaveAccessibleName(expect.stringContaining('Your surcharge rate: 2.9% of the payment.'));
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    expect(await screen.findByText(MONEY_MESSAGES.surchargeUpdated)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CARDS_API}/surcharges/sur-1`)).toEqual([{ enabled: true }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

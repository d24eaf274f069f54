import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const VALID_FORM = {
  legalBusinessName: 'Harbor Coffee LLC',
  taxId: '12-3456789',
  website: 'harborcoffee.com',
  employeeCount: 'FIVE_TO_FIFTEEN',
  address: {
    addressLine1: '100 Congress Ave',
    addressLine2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    country: 'US',
  },
};

const SELF_ONLY = {
  controlPerson: { isSelf: true, title: 'Founder' },
  owners: [{ isSelf: true, ownershipPercent: 100 }],
};

async function newBusiness() {
  const owner = await makeUser(t.context, { password: 'Harbor#2026x' });
  const { businessId } = await makeBusiness(t.context, {
    owner,
    verificationStep: 'NOT_INITIATED',
    verificationStatus: undefined,
  });
  // makeBusiness defaults to a verified business; these tests start from scratch.
  await t.context.database.db
    .update(businesses)
    .set({ verificationStatus: null })
    .where(eq(businesses.id, businessId));
  return { owner, businessId, headers: await signIn(t.context, owner) };
}

async function init(headers: Headers, businessId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: businessId ? `/api/business/${businessId}/verification/init` : '/api/user/verification/init',
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { inquiryId: string; sessionToken: string; hostedUrl: string };
  return data;
}

async function decide(inquiryId: string, sessionToken: string, decision: 'approve' | 'decline' | 'cancel') {
  return t.app.inject({
    method: 'POST',
    url: `/api/sandbox/identity/inquiries/${inquiryId}/decision`,
    payload: { sessionToken, decision },
  });
}

async function finish(headers: Headers, inquiryId: string, how: 'complete' | 'cancel' = 'complete') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/verification/${how}`,
    headers,
    payload: { inquiryId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function verifyIdentity(headers: Headers, businessId?: string) {
  const started = await init(headers, businessId);
  expect((await decide(started.inquiryId, started.sessionToken, 'approve')).statusCode).toBe(200);
  return finish(headers, started.inquiryId);
}

const business = async (id: string) =>
  (await t.context.database.db.select().from(businesses).where(eq(businesses.id, id)))[0];
const user = async (id: string) =>
  (await t.context.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('identity verification of a person (KYC) with the sandbox provider', () => {
  it('starts an inquiry on the hosted page, and an approval completes the step', async () => {
    const person = await makeUser(t.context);
    const headers = await signIn(t.context, person);
    const started = await init(headers);
    const hosted = new URL(started.hostedUrl);
    expect(hosted.pathname).toBe(`/sandbox/identity/${started.inquiryId}`);
    expect(hosted.searchParams.get('session-token')).toBe(started.sessionToken);
    expect(new URL(hosted.searchParams.get('redirect-uri') ?? '').pathname).toBe('/verify/identity');

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/identity/inquiries/${started.inquiryId}`,
      headers: { 'x-session-token': started.sessionToken },
    });
    expect(page.json().data).toMatchObject({
      kind: 'INDIVIDUAL',
      status: 'PENDING',
      fields: { nameFirst: person.firstName, emailAddress: person.email },
    });
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/identity/inquiries/${started.inquiryId}`,
      headers: { 'x-session-token': 'not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await decide(started.inquiryId, 'not-the-token', 'approve')).statusCode).toBe(401);

    const decided = await decide(started.inquiryId, started.sessionToken, 'approve');
    expect(decided.json().data).toEqual({ inquiryId: started.inquiryId, status: 'approved' });
    // The sandbox passes its decision on at once, like a webhook.
    expect((await user(person.id))?.verificationStep).toBe('COMPLETED');
    expect((await decide(started.inquiryId, started.sessionToken, 'decline')).statusCode).toBe(409);

    const outcome = await finish(headers, started.inquiryId);
    expect(outcome).toMatchObject({
      inquiryStatus: 'APPROVED',
      verificationStep: 'COMPLETED',
      businessId: null,
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(profile.json().data.verificationStep).toBe('COMPLETED');

    const again = await t.app.inject({ method: 'POST', url: '/api/user/verification/init', headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your identity is already verified.');
  });

  it('cancel makes the step ACTION_REQUIRED and the same inquiry can be resumed', async () => {
    const person = await makeUser(t.context);
    const headers = await signIn(t.context, person);
    const first = await init(headers);
    const cancelled = await decide(first.inquiryId, first.sessionToken, 'cancel');
    expect(cancelled.json().data.status).toBe('cancelled');
    const outcome = await finish(headers, first.inquiryId, 'cancel');
    expect(outcome).toMatchObject({ inquiryStatus: 'CREATED', verificationStep: 'ACTION_REQUIRED' });

    const resumed = await init(headers);
    expect(resumed.inquiryId).toBe(first.inquiryId);
    expect(resumed.sessionToken).not.toBe(first.sessionToken);
    // The old session no longer opens the page.
    expect((await decide(first.inquiryId, first.sessionToken, 'approve')).statusCode).toBe(401);
    await decide(resumed.inquiryId, resumed.sessionToken, 'approve');
    expect(await finish(headers, resumed.inquiryId)).toMatchObject({ verificationStep: 'COMPLETED' });
  });

  it('a browser claiming completion changes nothing the provider does not confirm', async () => {
    const person = await makeUser(t.context);
    const headers = await signIn(t.context, person);
    const started = await init(headers);
    const outcome = await finish(headers, started.inquiryId);
    expect(outcome).toMatchObject({ inquiryStatus: 'CREATED', verificationStep: 'NOT_INITIATED' });
  });

  it('a decline makes the step ACTION_REQUIRED', async () => {
    const person = await makeUser(t.context);
    const headers = await signIn(t.context, person);
    const started = await init(headers);
    expect((await decide(started.inquiryId, started.sessionToken, 'decline')).json().data.status).toBe(
      'declined',
    );
    expect(await finish(headers, started.inquiryId)).toMatchObject({
      inquiryStatus: 'DECLINED',
      verificationStep: 'ACTION_REQUIRED',
    });
  });

  it("someone else's inquiry is not found", async () => {
    const a = await signIn(t.context, await makeUser(t.context));
    const b = await signIn(t.context, await makeUser(t.context));
    const started = await init(a);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/verification/complete',
      headers: b,
      payload: { inquiryId: started.inquiryId },
    });
    expect(res.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/verification/complete',
      headers: b,
      payload: { inquiryId: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'inquiryId', message: 'Verification id is required.' }]);
  });

  it('marks a pending user with a password and verified contacts active on completion', async () => {
    const person = await makeUser(t.context, { activeStatus: 'PENDING', password: 'Harbor#2026x' });
    const headers = await signIn(t.context, person);
    const outcome = await verifyIdentity(headers);
    expect(outcome).toMatchObject({ verificationStep: 'COMPLETED', activeStatus: 'ACTIVE' });
  });

  it('refuses unsigned webhooks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/identity',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { id: 'evt_1' } }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('business verification (KYB)', () => {
  it('init starts the business verification, which locks its name and type', async () => {
    const { businessId, headers } = await newBusiness();
    await init(headers, businessId);
    expect((await business(businessId))?.verificationStep).toBe('BUSINESS_DETAILS');
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}`,
      headers,
      payload: { businessName: 'Renamed LLC', businessType: 'LLC', category: 'NONE' },
    });
    expect(rename.statusCode).toBe(409);
    const summary = await t.app.inject({ method: 'GET', url: `/api/business/${businessId}`, headers });
    expect(summary.json().data).toMatchObject({ detailsLocked: true, onboardingState: 'KYC_PENDING' });
  });

  it('validates the form with the spec messages and changes nothing on bad input', async () => {
    const { businessId, headers } = await newBusiness();
    const save = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/business/${businessId}/verification/form`,
        headers,
        payload,
      });
    const errorsOf = async (payload: Record<string, unknown>) => {
      const res = await save(payload);
      expect(res.statusCode).toBe(400);
      return res.json().errors as { field: string; message: string }[];
    };
    expect(await errorsOf({ ...VALID_FORM, taxId: '12-34' })).toEqual([
      { field: 'taxId', message: 'Invalid Tax ID.' },
    ]);
    expect(await errorsOf({ ...VALID_FORM, taxId: '' })).toEqual([
      { field: 'taxId', message: 'Tax ID is required.' },
    ]);
    expect(await errorsOf({ ...VALID_FORM, employeeCount: undefined })).toEqual([
      { field: 'employeeCount', message: 'Please select the number of employees.' },
    ]);
    expect(await errorsOf({ ...VALID_FORM, legalBusinessName: ' Harbor' })).toEqual([
      {
        field: 'legalBusinessName',
        message:
          "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.",
      },
    ]);
    expect(
      await errorsOf({ ...VALID_FORM, address: { ...VALID_FORM.address, state: 'Texas Republic' } }),
    ).toEqual([{ field: 'address.state', message: 'Please select a valid state.' }]);
    expect(
      await errorsOf({ ...VALID_FORM, address: { ...VALID_FORM.address, country: 'CA', state: 'Ontario' } }),
    ).toEqual([{ field: 'address.state', message: 'State Code (2 characters)' }]);
    expect(
      await errorsOf({
        ...VALID_FORM,
        address: { ...VALID_FORM.address, city: 'x'.repeat(41), zipCode: '1234567890' },
      }),
    ).toEqual([
      { field: 'address.city', message: 'City name is too long.' },
      { field: 'address.zipCode', message: 'Zip Code is too long.' },
    ]);
    expect(await errorsOf({ ...VALID_FORM, address: {} })).toEqual([
      { field: 'address.addressLine1', message: 'Address Line 1 is required.' },
      { field: 'address.city', message: 'City is required.' },
      { field: 'address.state', message: 'State is required.' },
      { field: 'address.zipCode', message: 'Zip Code is required.' },
      { field: 'address.country', message: 'Country is required.' },
    ]);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/verification/form`,
      headers,
    });
    expect(view.json().data).toMatchObject({ form: null, verificationStep: 'NOT_INITIATED', canEdit: true });
  });

  it('goes from identity to the form to the owners, and the provider approves it: FULL_VERIFIED', async () => {
    const { businessId, headers } = await newBusiness();
    expect(await verifyIdentity(headers, businessId)).toMatchObject({
      verificationStep: 'COMPLETED',
      business: { id: businessId, verificationStep: 'BUSINESS_DETAILS', status: null },
    });
    const owners = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: { ...SELF_ONLY, submit: true },
    });
    expect(owners.statusCode).toBe(409);
    expect(owners.json().message).toBe('Please complete the business details first.');

    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      verificationStep: 'FORM_FILLER',
      onboardingState: 'KYB_PENDING',
      form: { taxId: '12-3456789', address: { state: 'TX' } },
      identity: { verificationStep: 'COMPLETED', status: 'VERIFIED' },
    });

    const submitted = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: { ...SELF_ONLY, submit: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({
      status: 'FULL_VERIFIED',
      verificationStep: 'OWNERS',
      canEdit: false,
      controlPerson: { isSelf: true, title: 'Founder', identityStatus: 'VERIFIED' },
      owners: [{ isSelf: true, ownershipPercent: 100, identityStatus: 'VERIFIED' }],
    });
    const features = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/features`,
      headers,
    });
    expect(features.json().data.isVerified).toBe(true);
    const summary = await t.app.inject({ method: 'GET', url: `/api/business/${businessId}`, headers });
    expect(summary.json().data).toMatchObject({ status: 'FULL_VERIFIED', onboardingState: 'EARN_REWARDS' });
    // Verified: the form is locked.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('needs the submitter to verify their own identity first', async () => {
    const { businessId, headers } = await newBusiness();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: { ...SELF_ONLY, submit: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Please verify your identity first.');
    expect((await business(businessId))?.verificationStatus).toBeNull();
  });

  it('a declined business check makes it REJECTED, and it can be corrected and resubmitted', async () => {
    const { businessId, headers } = await newBusiness();
    await verifyIdentity(headers, businessId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: { ...VALID_FORM, taxId: '11-1111111' },
    });
    const rejected = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: { ...SELF_ONLY, submit: true },
    });
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', canEdit: true });
    const summary = await t.app.inject({ method: 'GET', url: `/api/business/${businessId}`, headers });
    expect(summary.json().data.onboardingState).toBe('ACTION_REQUIRED');

    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    expect(fixed.statusCode).toBe(200);
    const resubmitted = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: { ...SELF_ONLY, submit: true },
    });
    expect(resubmitted.json().data.status).toBe('FULL_VERIFIED');
  });

  it('validates the owners: 25–100% each, 100% together, four at most, one email each', async () => {
    const { businessId, headers } = await newBusiness();
    const other = (n: number, ownershipPercent: number) => ({
      isSelf: false,
      firstName: 'Jordan',
      lastName: 'Lee',
      email: `owner${n}@example.com`,
      ownershipPercent,
    });
    const errorsOf = async (owners: unknown[]) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/business/${businessId}/beneficial`,
        headers,
        payload: { controlPerson: { isSelf: true, title: 'Founder' }, owners },
      });
      expect(res.statusCode).toBe(400);
      return res.json().errors;
    };
    expect(await errorsOf([other(1, 20)])).toEqual([
      { field: 'owners.0.ownershipPercent', message: 'Ownership must be a whole number from 25 to 100.' },
    ]);
    expect(await errorsOf([other(1, 60), other(2, 60)])).toEqual([
      { field: 'owners', message: 'Together the owners cannot hold more than 100%.' },
    ]);
    expect(await errorsOf([other(1, 25), other(1, 25)])).toEqual([
      { field: 'owners.1.email', message: 'Each person needs their own email address.' },
    ]);
    expect(
      await errorsOf([other(1, 25), other(2, 25), other(3, 25), other(4, 25), other(5, 25)]),
    ).toContainEqual({
      field: 'owners',
      message: 'A business can have at most 4 owners of 25% or more.',
    });
  });

  it('invites the other owners; the business waits for them, then becomes FULL_VERIFIED', async () => {
    const { businessId, headers, owner } = await newBusiness();
    await verifyIdentity(headers, businessId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    const partnerEmail = `partner.${businessId}@example.com`;
    const submitted = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: {
        controlPerson: { isSelf: true, title: 'Founder' },
        owners: [
          { isSelf: true, ownershipPercent: 60 },
          { isSelf: false, firstName: 'Jordan', lastName: 'Lee', email: partnerEmail, ownershipPercent: 40 },
        ],
        submit: true,
      },
    });
    expect(submitted.json().data).toMatchObject({
      status: 'SUBMITTED',
      owners: [
        { isSelf: true, identityStatus: 'VERIFIED' },
        { isSelf: false, email: partnerEmail, identityStatus: 'INVITED' },
      ],
    });
    const partnerRow = submitted.json().data.owners[1];
    expect(partnerRow.invitationSentAt).not.toBeNull();

    const mail = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(partnerEmail)}`,
    });
    const [invitationMail] = mail.json().data.items;
    expect(invitationMail.subject).toContain(`asked you to verify your identity for`);
    expect(invitationMail.text).toContain(`${owner.firstName} ${owner.lastName}`);
    const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(invitationMail.text)?.[1];
    expect(token).toBeTruthy();

    // Resending replaces the invitation: the first link stops working.
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/business/${businessId}/beneficial/resend-invite`,
      headers,
      payload: { personId: partnerRow.id },
    });
    expect(resent.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitation/verify/${token}`,
      payload: { recaptchaToken: 'test-token' },
    });
    expect(stale.statusCode).toBe(404);
    const mails = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(partnerEmail)}`,
    });
    const tokens = (mails.json().data.items as { text: string }[]).map(
      (item) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(item.text)?.[1],
    );
    expect(tokens).toHaveLength(2);
    const freshToken = tokens.find((candidate) => candidate !== token);

    // The partner opens the link (no account yet: one is made, email verified) and accepts.
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitation/verify/${freshToken}`,
      payload: { recaptchaToken: 'test-token' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json().data;
    expect(view).toMatchObject({ invitationType: 'BUSINESS_BENEFICIAL_OWNER', requiresPassword: true });
    const partnerHeaders = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };

    // A stranger cannot accept it through the business route.
    const stranger = await signIn(t.context, await makeUser(t.context));
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/business/${businessId}/user/accept-business`,
      headers: stranger,
      payload: { invitationId: view.invitationId },
    });
    expect(stolen.statusCode).toBe(404);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/business/${businessId}/user/accept-business`,
      headers: partnerHeaders,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({
      invitationType: 'BUSINESS_BENEFICIAL_OWNER',
      businessId: null,
      redirectTo: '/verify/identity',
    });
    const waiting = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/beneficial`,
      headers,
    });
    expect(waiting.json().data).toMatchObject({
      status: 'SUBMITTED',
      owners: [{}, { identityStatus: 'PENDING' }],
    });
    // The partner is not a member of the business.
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}`,
      headers: partnerHeaders,
    });
    expect(peek.statusCode).toBe(404);

    await verifyIdentity(partnerHeaders);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/beneficial`,
      headers,
    });
    expect(done.json().data).toMatchObject({
      status: 'FULL_VERIFIED',
      owners: [{}, { identityStatus: 'VERIFIED' }],
    });
  });

  it('a declined owner makes the business REJECTED', async () => {
    const { businessId, headers } = await newBusiness();
    await verifyIdentity(headers, businessId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    const controller = await makeUser(t.context);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/beneficial`,
      headers,
      payload: {
        controlPerson: {
          isSelf: false,
          firstName: 'Casey',
          lastName: 'Morgan',
          email: controller.email,
          title: 'Director',
        },
        owners: [{ isSelf: true, ownershipPercent: 100 }],
        submit: true,
      },
    });
    const controllerHeaders = await signIn(t.context, controller);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/business/${businessId}/user/accept-business`,
      headers: controllerHeaders,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const started = await init(controllerHeaders);
    await decide(started.inquiryId, started.sessionToken, 'decline');
    expect((await business(businessId))?.verificationStatus).toBe('REJECTED');
  });

  it('a Read-only member sees the form with the tax id masked and cannot change it', async () => {
    const { businessId, headers } = await newBusiness();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/business/${businessId}/verification/form`,
      headers,
      payload: VALID_FORM,
    });
    const viewer = await makeUser(t.context);
    const { addBusinessMember } = await import('../../testing/factories.js');
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/verification/form`,
      headers: await signIn(t.context, viewer),
    });
    expect(res.json().data).toMatchObject({ canEdit: false, form: { taxId: '**-***6789' } });
  });

  it('accept-business answers 404 without an invitation for that business', async () => {
    const { businessId } = await newBusiness();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/business/${businessId}/user/accept-business`,
      headers: await signIn(t.context, await makeUser(t.context)),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

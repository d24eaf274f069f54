import {
  acceptBusinessRequestSchema,
  beneficialOwnersRequestSchema,
  verificationFormSchema,
  verificationInquiryRequestSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { webhookRoute } from '../../platform/http/webhooks.js';
import { BUSINESS_PROFILE_PERMISSION } from '../businesses/service.js';
import { acceptedInvitationSchema } from '../invitations/routes.js';
import { publicOrigin } from '../invitations/service.js';
import './kinds.js';
import {
  acceptBusinessInvitation,
  BENEFICIAL_OWNER,
  CONTROL_PERSON,
  cancelIdentityVerification,
  completeIdentityVerification,
  getBeneficial,
  getVerificationForm,
  type PersonRole,
  resendPersonInvite,
  saveBeneficial,
  saveVerificationForm,
  startIdentityVerification,
  syncInquiryByProviderId,
} from './service.js';

const businessParams = z.object({ businessId: z.string() });

const startedSchema = z
  .object({ inquiryId: z.string(), sessionToken: z.string(), hostedUrl: z.string() })
  .meta({ id: 'StartedVerification' });

const outcomeSchema = z
  .object({
    inquiryId: z.string(),
    inquiryStatus: z.string(),
    verificationStep: z.string(),
    activeStatus: z.string(),
    businessId: z.string().nullable(),
    business: z
      .object({ id: z.string(), verificationStep: z.string(), status: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'VerificationOutcome' });

const addressViewSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

const formViewSchema = z
  .object({
    businessId: z.string(),
    businessName: z.string(),
    businessType: z.string().nullable(),
    country: z.string().nullable(),
    verificationStep: z.string(),
    status: z.string().nullable(),
    onboardingState: z.string(),
    form: z
      .object({
        legalBusinessName: z.string(),
        taxId: z.string(),
        website: z.string(),
        employeeCount: z.string(),
        address: addressViewSchema,
      })
      .nullable(),
    identity: z.object({ verificationStep: z.string(), status: z.string() }),
    canEdit: z.boolean(),
  })
  .meta({ id: 'VerificationForm' });

const personViewSchema = z.object({
  id: z.string(),
  isSelf: z.boolean(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  identityStatus: z.string(),
  invitationSentAt: z.string().nullable(),
});

const beneficialViewSchema = z
  .object({
    businessId: z.string(),
    verificationStep: z.string(),
    status: z.string().nullable(),
    submittedAt: z.string().nullable(),
    canEdit: z.boolean(),
    controlPerson: personViewSchema.extend({ title: z.string() }).nullable(),
    owners: z.array(personViewSchema.extend({ ownershipPercent: z.number() })),
  })
  .meta({ id: 'BeneficialOwners' });

const resentSchema = z.object({ personId: z.string(), invitationSentAt: z.string() });

/**
 * Identity verification (KYC) of people and business verification (KYB): spec 000 §7 "Identity
 * verification". Business routes read for every member and change with the business-edit right.
 */
export const verificationRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const mayEdit = (request: Parameters<typeof getBusiness>[0]) =>
      getBusiness(request).ability.can(...BUSINESS_PROFILE_PERMISSION);

    app.post(
      '/business/:businessId/verification/init',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Verification'],
          summary: "Start the business's verification with the identity of the signed-in user",
          params: businessParams,
          response: { 200: envelopeSchema(startedSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await startIdentityVerification(context, {
            user: getUser(request),
            businessId: getBusiness(request).businessId,
            origin: publicOrigin(context.config, request),
          }),
        ),
    );

    app.post(
      '/user/verification/init',
      {
        schema: {
          tags: ['Verification'],
          summary: "Start (or resume) the signed-in user's identity verification",
          response: { 200: envelopeSchema(startedSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await startIdentityVerification(context, {
            user: getUser(request),
            businessId: null,
            origin: publicOrigin(context.config, request),
          }),
        ),
    );

    app.post(
      '/user/verification/complete',
      {
        schema: {
          tags: ['Verification'],
          summary: 'Back from the hosted page: apply the inquiry as the provider reports it',
          body: verificationInquiryRequestSchema,
          response: { 200: envelopeSchema(outcomeSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await completeIdentityVerification(context, {
            user: getUser(request),
            inquiryId: request.body.inquiryId,
          }),
        ),
    );

    app.post(
      '/user/verification/cancel',
      {
        schema: {
          tags: ['Verification'],
          summary: 'The person left the hosted page without finishing',
          body: verificationInquiryRequestSchema,
          response: { 200: envelopeSchema(outcomeSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await cancelIdentityVerification(context, {
            user: getUser(request),
            inquiryId: request.body.inquiryId,
          }),
        ),
    );

    app.get(
      '/business/:businessId/verification/form',
      {
        config: { business: {} },
        schema: {
          tags: ['Verification'],
          summary: 'The business verification form',
          params: businessParams,
          response: { 200: envelopeSchema(formViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getVerificationForm(context, {
            businessId: getBusiness(request).businessId,
            user: getUser(request),
            mayEdit: mayEdit(request),
          }),
        ),
    );

    app.patch(
      '/business/:businessId/verification/form',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Verification'],
          summary: 'Save the business verification form',
          params: businessParams,
          body: verificationFormSchema,
          response: { 200: envelopeSchema(formViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { businessId } = getBusiness(request);
        const user = getUser(request);
        await saveVerificationForm(context, { businessId, user, form: request.body });
        return ok(
          await getVerificationForm(context, { businessId, user, mayEdit: true }),
          'Business details saved.',
        );
      },
    );

    app.get(
      '/business/:businessId/beneficial',
      {
        config: { business: {} },
        schema: {
          tags: ['Verification'],
          summary: 'The control person and beneficial owners',
          params: businessParams,
          response: { 200: envelopeSchema(beneficialViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getBeneficial(context, {
            businessId: getBusiness(request).businessId,
            user: getUser(request),
            mayEdit: mayEdit(request),
          }),
        ),
    );

    app.patch(
      '/business/:businessId/beneficial',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Verification'],
          summary: 'Save the control person and beneficial owners; submit sends the verification',
          params: businessParams,
          body: beneficialOwnersRequestSchema,
          response: { 200: envelopeSchema(beneficialViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { businessId } = getBusiness(request);
        const user = getUser(request);
        await saveBeneficial(context, {
          businessId,
          user,
          request: request.body,
          origin: publicOrigin(context.config, request),
        });
        return ok(
          await getBeneficial(context, { businessId, user, mayEdit: true }),
          request.body.submit ? 'Business verification submitted.' : 'Owners saved.',
        );
      },
    );

    const resend = (request: Parameters<typeof getBusiness>[0], personId: string, role: PersonRole) =>
      resendPersonInvite(context, {
        businessId: getBusiness(request).businessId,
        personId,
        role,
        user: getUser(request),
        origin: publicOrigin(context.config, request),
      });

    app.post(
      '/business/:businessId/beneficial/resend-invite',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Verification'],
          summary: 'Send a beneficial owner a fresh invitation',
          params: businessParams,
          body: z.object({ personId: z.string().trim().min(1) }),
          response: { 200: envelopeSchema(resentSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await resend(request, request.body.personId, BENEFICIAL_OWNER), 'Invitation sent.'),
    );

    app.post(
      '/business/:businessId/user/control-person/:personId/resend-invite',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Verification'],
          summary: 'Send the control person a fresh invitation',
          params: businessParams.extend({ personId: z.string() }),
          response: { 200: envelopeSchema(resentSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await resend(request, request.params.personId, CONTROL_PERSON), 'Invitation sent.'),
    );

    app.post(
      '/business/:businessId/user/accept-business',
      {
        schema: {
          tags: ['Verification'],
          summary: 'Accept a control-person or beneficial-owner invitation of this business',
          params: businessParams,
          body: acceptBusinessRequestSchema,
          response: {
            200: envelopeSchema(acceptedInvitationSchema),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const accepted = await acceptBusinessInvitation(context, {
          businessId: request.params.businessId,
          user: getUser(request),
          invitationId: request.body.invitationId,
        });
        return ok(accepted, 'Invitation accepted.');
      },
    );
  };

/** A webhook from the identity provider: verified by its signature, then the named inquiry is re-read. */
export const identityWebhookRoutes = (context: AppContext): FastifyPluginAsyncZod =>
  webhookRoute('/webhooks/identity', async ({ headers, rawBody }) => {
    const event = context.providers.identity.parseWebhook({
      rawBody,
      headers: headers as Record<string, string | undefined>,
    });
    if (!event) return false;
    await syncInquiryByProviderId(context, event.inquiryId);
    return true;
  });

import { invitationCodeRequestSchema, invitationVerifyRequestSchema } from '@ferry/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** `invitationData` of an opened invitation (spec 000 §3 "Invitation"); kinds may add their own fields. */
export const invitationDataSchema = z
  .object({
    id: z.string().nullish(),
    email: z.string().nullish(),
    sentToUserId: z.string().nullish(),
    sentToUserActiveStatus: z.string().nullish(),
    sentToUserFirstName: z.string().nullish(),
    sentToUserLastName: z.string().nullish(),
    inviteSentByName: z.string().nullish(),
    businessName: z.string().nullish(),
    businessId: z.string().nullish(),
    userType: z.string().nullish(),
    practiceName: z.string().nullish(),
  })
  .loose();
export type InvitationData = z.infer<typeof invitationDataSchema>;

/**
 * What opening an invitation answers (by link token or by `/go` code). An existing account with a
 * password must sign in (`requiresSignIn`); a new or password-less invitee gets a session (`token`,
 * `sessionId`) and must verify and set a password (`requiresPassword`).
 */
export const openedInvitationSchema = z.object({
  invitationId: z.string(),
  invitationType: z.string(),
  action: z.string().nullish(),
  code: z.string().nullish(),
  invitationData: invitationDataSchema,
  requiresSignIn: z.boolean(),
  requiresPassword: z.boolean(),
  token: z.string().optional(),
  sessionId: z.string().optional(),
});
export type OpenedInvitation = z.infer<typeof openedInvitationSchema>;

/** `POST /auth/invitation/verify/{token}`: the invitation of an emailed link. */
export const verifyInvitationToken = (input: { token: string; recaptchaToken: string }) =>
  api.post(
    `/auth/invitation/verify/${encodeURIComponent(input.token)}`,
    invitationVerifyRequestSchema.parse({ recaptchaToken: input.recaptchaToken }),
    { schema: openedInvitationSchema },
  );

/** `POST /auth/invitation/code/{code}`: the invitation of a `/go?code=` code, for the email it was sent to. */
export const openInvitationByCode = (input: { code: string; email: string; recaptchaToken: string }) =>
  api.post(
    `/auth/invitation/code/${encodeURIComponent(input.code)}`,
    invitationCodeRequestSchema.parse({ email: input.email, recaptchaToken: input.recaptchaToken }),
    { schema: openedInvitationSchema },
  );

import { z } from 'zod';

/*
 * The answers a browser reads at boot or on sign-in, in a module of their own: the access request schemas
 * (sign-up, passwords, codes) are not built with them on every page load.
 */

/**
 * `POST /auth/sign-in` data. With a trusted device: `token` + `sessionId`. Otherwise
 * `isOTPVerificationRequired: true` with `userId`, the masked `primaryPhone` and a `challengeToken` (also
 * set as an HttpOnly cookie) that the two sign-in code calls require.
 */
export const signInResponseSchema = z.object({
  userId: z.string(),
  isValidCredentials: z.boolean(),
  isOTPVerificationRequired: z.boolean(),
  primaryPhone: z
    .object({ countryCode: z.string(), phoneNumber: z.string(), countryISOCode: z.string() })
    .nullable(),
  token: z.string().optional(),
  sessionId: z.string().optional(),
  challengeToken: z.string().optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** The signed-in user as `GET /user` answers it (spec 000 §3 "User session", without the token). */
export const userProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    country: z.string().nullable(),
    activeStatus: z.string(),
    isPasswordSet: z.boolean(),
    isEmailVerified: z.boolean(),
    isPhoneNumberVerified: z.boolean(),
    userType: z.string().nullable(),
    linkBillPopupDismiss: z.boolean(),
    /** Identity verification: NOT_INITIATED, COMPLETED or ACTION_REQUIRED. */
    verificationStep: z.string(),
    secondaryEmails: z.array(z.string()),
    phones: z.array(
      z.object({
        countryCode: z.string(),
        phoneNumber: z.string(),
        countryISOCode: z.string(),
        isPrimary: z.boolean(),
        isPhoneNumberVerified: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * The schemas the API client and the session read answers with, in a chunk of their own: they carry zod,
 * which the signed-out pages (sign-in above all) do not need to show themselves. `api-client`,
 * `session`, `bot-check` and the sign-in call import this module when they need it.
 */
export {
  clientConfigSchema,
  errorObjectSchema,
  signInResponseSchema,
  userProfileSchema,
} from '@ferry/domain';

import { z } from 'zod';

/** `GET /client-config`: what the browser needs to know about this deployment before anyone signs in. */
export const clientConfigSchema = z
  .object({
    botCheck: z.object({
      provider: z.enum(['sandbox', 'recaptcha']),
      siteKey: z.string().nullable(),
      action: z.string(),
    }),
    phoneVerificationCountries: z.array(z.string()),
    bankLink: z.object({ provider: z.enum(['sandbox', 'plaid']) }),
    cardVault: z.object({ provider: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable() }),
    /** `rails`: the sandbox bank and its clock run here (not in production, not with real rails).
     * `demo`: production running on sandbox providers (ALLOW_SANDBOX_PROVIDERS=true); the app shows a banner. */
    sandbox: z.object({ rails: z.boolean(), demo: z.boolean() }),
  })
  .meta({ id: 'ClientConfig' });

export type ClientConfig = z.infer<typeof clientConfigSchema>;

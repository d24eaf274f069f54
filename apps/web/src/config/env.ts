/** Build-time settings (Vite `VITE_*` variables). Legal pages are the operator's to publish. */
export const env = {
  privacyPolicyUrl: import.meta.env.VITE_PRIVACY_POLICY_URL ?? '/privacy',
  termsOfServiceUrl: import.meta.env.VITE_TERMS_OF_SERVICE_URL ?? '/terms',
  isProduction: import.meta.env.PROD,
} as const;

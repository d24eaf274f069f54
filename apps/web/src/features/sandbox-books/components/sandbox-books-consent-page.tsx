export const SandboxBooksConsentPage = () => null;

export const SandboxBooksPage = () => null;

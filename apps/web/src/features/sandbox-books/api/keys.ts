import type { SandboxBooksKind } from '@ferry/domain/schemas';

/** Sandbox Books' query keys: everything under `['sandbox-books']`, a company's under its id. */
export const sandboxBooksKeys = {
  all: ['sandbox-books'] as const,
  consent: (query: Record<string, string>) => ['sandbox-books', 'consent', query] as const,
  companies: () => ['sandbox-books', 'companies'] as const,
  company: (companyId: string) => ['sandbox-books', 'company', companyId] as const,
  records: (
    companyId: string,
    query: { kind: SandboxBooksKind; search: string; pageNumber: number; pageSize: number },
  ) => ['sandbox-books', 'company', companyId, 'records', query] as const,
  grants: (companyId: string) => ['sandbox-books', 'company', companyId, 'grants'] as const,
};

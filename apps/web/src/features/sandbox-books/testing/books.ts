import type { SandboxCompany, SandboxGrant, SandboxRecord } from '@ferry/domain/schemas';

/** A Sandbox Books company; override what a test is about. */
export const makeCompany = (overrides: Partial<SandboxCompany> = {}): SandboxCompany => ({
  id: 'company-1',
  name: 'Acme Books',
  currency: 'USD',
  createdAt: '2026-11-01T10:00:00.000Z',
  counts: { VENDOR: 50, BILL: 20 },
  ...overrides,
});

/** A record of the books (a vendor unless told). */
export const makeRecord = (overrides: Partial<SandboxRecord> = {}): SandboxRecord => ({
  id: 'vendor-1',
  kind: 'VENDOR',
  active: true,
  updatedAt: '2026-11-01T10:00:00.000Z',
  data: { name: 'Paper Supply Co', email: 'ap@paper.test', phone: '(555) 010-0100' },
  ...overrides,
});

/** A connection (grant) to a company. */
export const makeGrant = (overrides: Partial<SandboxGrant> = {}): SandboxGrant => ({
  id: 'grant-1',
  providerType: 'QBO',
  createdAt: '2026-11-01T10:00:00.000Z',
  accessExpiresAt: '2026-11-01T11:00:00.000Z',
  status: 'ACTIVE',
  ...overrides,
});

import type { Practice, TeamMember } from '@ferry/domain';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';

export const PRACTICE: Practice = {
  id: 'f10000000000000000000001',
  practiceFirmName: 'Harbor Accounting LLP',
  clientRange: 'FIVE_TO_FIFTEEN',
  ownerUserId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  isOwner: true,
  createdAt: '2026-10-01T09:00:00.000Z',
};

export const makeTeamMember = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  id: 'f20000000000000000000001',
  invitationId: null,
  user: { id: 'f30000000000000000000001', firstName: 'Joan', lastName: 'Clarke', email: 'joan@harbor.test' },
  status: 'ACTIVE',
  invitedAt: '2026-10-01T09:00:00.000Z',
  joinedAt: '2026-10-02T10:30:00.000Z',
  ...overrides,
});

export const makePendingMember = (overrides: Partial<TeamMember> = {}): TeamMember =>
  makeTeamMember({
    id: 'f20000000000000000000002',
    invitationId: 'f40000000000000000000002',
    user: { id: null, firstName: 'Dilly', lastName: 'Knox', email: 'dilly@harbor.test' },
    status: 'PENDING',
    joinedAt: null,
    ...overrides,
  });

export const teamPage = (items: TeamMember[], total = items.length) =>
  ok({ items, total, pageNumber: 1, pageSize: 10 });

export const mockPracticeApi = (handlers: Record<string, MockHandler> = {}) =>
  mockApi({ 'GET /practice': ok(PRACTICE), ...handlers });

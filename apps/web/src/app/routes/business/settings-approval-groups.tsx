import { ApprovalGroupsListPage } from '@/features/approval-groups/components/approval-groups-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/approval-groups`, the approval groups list. */
export const Component = () => <ApprovalGroupsListPage />;

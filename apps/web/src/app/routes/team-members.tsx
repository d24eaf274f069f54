import { TeamMembersPage } from '@/features/practice/components/team-members-page';

/** Route module for React Router `lazy`: `/team-members`, the accountant's practice team (in the app shell). */
export const Component = TeamMembersPage;

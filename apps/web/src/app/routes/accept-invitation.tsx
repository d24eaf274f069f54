import { useSearchParams } from 'react-router';
import { AcceptInvitationCard } from '@/features/invitations/components/accept-invitation-card';
import { OpenInvitationLink } from '@/features/invitations/components/open-invitation-link';
import { RequireUser } from '../guards/require-user';

/**
 * Route module for React Router `lazy`: `/accept-invitation`. With `?token=` it opens an emailed link
 * (public); without, it shows the stored invitation to its signed-in invitee, behind the route guard
 * (without the account-type step: an invitee accepts before choosing an account type).
 */
export const Component = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) return <OpenInvitationLink key={token} token={token} />;
  return (
    <RequireUser level="verified">
      <AcceptInvitationCard />
    </RequireUser>
  );
};

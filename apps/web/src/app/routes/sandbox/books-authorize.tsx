import { useSearchParams } from 'react-router';
import { RequireUser } from '@/app/guards/require-user';
import { SandboxBooksConsentPage } from '@/features/sandbox-books/components/sandbox-books-consent-page';

/**
 * Route module for React Router `lazy`: `/sandbox/books/authorize?providerType&state&redirectUri&purpose`
 * (outside the app shell), Sandbox Books' consent page. Connecting shares the signed-in user's companies,
 * so it passes the route guard; 'Sign in with…' (purpose SIGN_IN) is where a signed-out person starts.
 */
export const Component = () => {
  const [searchParams] = useSearchParams();
  return searchParams.get('purpose') === 'SIGN_IN' ? (
    <SandboxBooksConsentPage />
  ) : (
    <RequireUser>
      <SandboxBooksConsentPage />
    </RequireUser>
  );
};

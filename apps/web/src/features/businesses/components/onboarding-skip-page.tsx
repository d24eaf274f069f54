import { paths } from '@ferry/domain';
import { Navigate } from 'react-router';
import { getActiveBusinessId } from '@/lib/storage';

/** `/onboard/b/skip` (spec 000 §2): skipping the accounting step leads to the active business's home, or
 * to the start of onboarding when there is none. */
export function OnboardingSkipPage() {
  const activeBusinessId = getActiveBusinessId();
  return (
    <Navigate to={activeBusinessId ? paths.businessHome(activeBusinessId) : paths.onboardAdd()} replace />
  );
}

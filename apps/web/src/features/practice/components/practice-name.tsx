import { Text } from '@mantine/core';
import { useCurrentUser } from '@/lib/session';
import { usePractice } from '../api/get-practice';

/**
 * The accountant's practice name, one quiet line in the business home's header (spec 001 §6). Asked for
 * only for an accountant, beside the page (its answer schema loads with the call); nothing while unknown.
 */
export const PracticeName = () => {
  const { data: user } = useCurrentUser();
  const practiceQuery = usePractice(user?.userType === 'ACCOUNTANT');
  const name = practiceQuery.data?.practiceFirmName;
  if (!name) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="practice-name">
      {`Practice: ${name}`}
    </Text>
  );
};

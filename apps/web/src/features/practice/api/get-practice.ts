import { useQuery } from '@tanstack/react-query';
import { practiceQueryOptions } from '@/lib/practice';

export { getPractice, practiceQueryOptions } from '@/lib/practice';

/** The signed-in user's practice (null when none); asked only when `enabled` (an accountant). */
export const usePractice = (enabled = true) => useQuery({ ...practiceQueryOptions(), enabled });

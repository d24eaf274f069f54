/**
 * The signed-in user on the browser side (spec 000 §3 "User session", §4 "Sign-in", "Sign-out").
 *
 * - `startSession` keeps the token and session id the server handed out (it also set its HttpOnly
 *   cookie), then loads and stores the profile.
 * - `useCurrentUser` is the user query (stale after 60 s, spec 000 §9); the stored copy seeds it so the
 *   route guard decides without waiting on the network.
 * - `endSession` calls `PATCH /auth/logout` and clears the stored data even if the call fails.
 */

import type { UserProfile } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { USER_QUERY_STALE_TIME } from './react-query';
import { clearSessionData, getStored, type StoredUser, setStored } from './storage';

export type { UserProfile };

export const USER_QUERY_KEY = ['user'] as const;

const toStoredUser = (profile: UserProfile): StoredUser => ({
  ...profile,
  country: profile.country ?? undefined,
});

/** `GET /user`; the answer is also kept in storage for the next page load. */
export const fetchCurrentUser = async (signal?: AbortSignal): Promise<UserProfile> => {
  const profile = await api.get('/user', {
    schema: () => import('./response-schemas').then((m) => m.userProfileSchema),
    ...(signal ? { signal } : {}),
  });
  setStored('user', toStoredUser(profile));
  return profile;
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: USER_QUERY_STALE_TIME,
    refetchInterval: false,
  });

/** The signed-in user, or `undefined` while loading / when signed out. */
export const useCurrentUser = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...currentUserQueryOptions(), enabled: options.enabled ?? hasSession() });

export const hasSession = (): boolean => Boolean(getStored('session')?.sessionId);

export const getStoredUser = (): StoredUser | null => getStored('user');

/** Keeps a new session's credentials, then loads and stores the profile. */
export const startSession = async (credentials: {
  token: string;
  sessionId: string;
}): Promise<UserProfile> => {
  setStored('session', { token: credentials.token, sessionId: credentials.sessionId });
  return fetchCurrentUser();
};

/** Stores a profile the server already returned (set-password answers with it). */
export const storeUserProfile = (profile: UserProfile): void => setStored('user', toStoredUser(profile));

/** Sign-out (spec 000 §4): always clears, even when the call fails. */
export const endSession = async (): Promise<void> => {
  try {
    if (hasSession()) await api.patch('/auth/logout');
  } catch {
    // Swallowed (spec 000 §8): the local session is cleared regardless.
  } finally {
    clearSessionData();
  }
};

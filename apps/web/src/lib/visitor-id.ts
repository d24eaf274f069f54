import { createUuid } from './random';
import { getStored, setStored } from './storage';

/** The `visitor-id` header: generated once per browser and kept across sign-outs. */
export const getVisitorId = (): string => {
  const stored = getStored('visitorId');
  if (typeof stored === 'string' && stored.length > 0) return stored;
  const id = createUuid();
  setStored('visitorId', id);
  return id;
};

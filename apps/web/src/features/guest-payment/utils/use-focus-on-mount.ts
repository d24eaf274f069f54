import { useEffect, useRef } from 'react';

/** Moves focus to the element when it appears (a step's heading), so screen readers announce the new step. */
export const useFocusOnMount = <T extends HTMLElement>() => {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
};

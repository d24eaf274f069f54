import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A page title that takes the focus when it appears: the heading around it is focused (made focusable
 * with tabindex -1), so a screen reader announces the new state and keyboard users start from it.
 */
export const FocusedTitle = ({ children }: { children: ReactNode }) => {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const span = ref.current;
    if (!span) return;
    const target = span.closest<HTMLElement>('h1, h2, h3') ?? span;
    target.tabIndex = -1;
    target.style.outline = 'none';
    target.focus();
  }, []);
  return <span ref={ref}>{children}</span>;
};

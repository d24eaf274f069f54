import { Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A page's heading that takes the focus when it appears (tabindex -1, no outline), so a screen reader
 * announces the page and keyboard users start from it.
 */
export const FocusedTitle = ({
  order = 1,
  fz,
  children,
}: {
  order?: TitleOrder;
  fz?: string | number;
  children: ReactNode;
}) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Title ref={ref} order={order} fz={fz} fw={600} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
};

import { Button } from '@mantine/core';

/** First focusable element: jumps keyboard users past the header and sidebar. Visible only on focus. */
export const SkipLink = ({ targetId }: { targetId: string }) => (
  <Button
    component="a"
    href={`#${targetId}`}
    size="xs"
    pos="fixed"
    top={8}
    left={8}
    style={{ zIndex: 1000, transform: 'translateY(-200%)' }}
    onFocus={(event) => {
      event.currentTarget.style.transform = 'none';
    }}
    onBlur={(event) => {
      event.currentTarget.style.transform = 'translateY(-200%)';
    }}
  >
    Skip to main content
  </Button>
);

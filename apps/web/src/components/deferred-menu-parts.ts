/** Mantine's Menu (with floating-ui and the focus trap, about 20 KB compressed), loaded by `DeferredMenu`. */
export { Menu } from '@mantine/core';

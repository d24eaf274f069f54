import { Badge } from '@mantine/core';

/** Marks the built-in Admin and Read-only roles (spec 001 §2), which cannot be changed or deleted. */
export const BuiltInBadge = () => (
  <Badge size="sm" variant="light" color="gray" radius="sm">
    Built-in
  </Badge>
);

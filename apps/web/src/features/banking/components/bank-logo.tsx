import { Avatar } from '@mantine/core';
import { getInitials } from '../utils/bank-status';

export type BankLogoProps = {
  name: string;
  /** A data URL or an https URL of the institution's logo; initials without one. */
  logo?: string | null | undefined;
  color?: string | null | undefined;
  size?: number;
};

const toSrc = (logo: string): string =>
  logo.startsWith('data:') || /^https?:\/\//.test(logo) ? logo : `data:image/png;base64,${logo}`;

/** The institution's logo, or its initials (at most 2 letters) on its brand colour. Decorative. */
export const BankLogo = ({ name, logo, color, size = 40 }: BankLogoProps) =>
  logo ? (
    <Avatar
      src={toSrc(logo)}
      alt=""
      size={size}
      radius="md"
      bg="white"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    />
  ) : (
    <Avatar
      size={size}
      radius="md"
      aria-hidden
      variant="filled"
      color={color ? undefined : 'ferry'}
      style={color ? { backgroundColor: color } : undefined}
      styles={color ? { placeholder: { backgroundColor: color, color: 'white' } } : undefined}
    >
      {getInitials(name) || '?'}
    </Avatar>
  );

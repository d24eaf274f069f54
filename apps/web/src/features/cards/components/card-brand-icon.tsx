import type { CardBrand } from '@ferry/domain';
import { Box, Text } from '@mantine/core';
import { IconBrandMastercard, IconBrandVisa, IconCreditCard } from '@tabler/icons-react';
import { CARD_BRAND_LABELS } from '../utils/card-format';

const BRAND_STYLES: Record<CardBrand, { background: string; color: string; short?: string }> = {
  VISA: { background: '#1a1f71', color: '#ffffff' },
  MASTERCARD: { background: '#252525', color: '#f79e1b' },
  AMERICAN_EXPRESS: { background: '#2e77bc', color: '#ffffff', short: 'AMEX' },
  DISCOVER: { background: '#ff6000', color: '#ffffff', short: 'DISC' },
  DINERS_CLUB: { background: '#0079be', color: '#ffffff', short: 'DC' },
  JCB: { background: '#0b4ea2', color: '#ffffff', short: 'JCB' },
  GENERIC: { background: 'var(--mantine-color-gray-1)', color: 'var(--mantine-color-gray-7)' },
};

export type CardBrandIconProps = {
  brand: CardBrand;
  /** Width in px (the height is two thirds of it). */
  size?: number;
  /** Hidden from assistive technology when the brand name is written next to it. */
  decorative?: boolean;
};

/** A card-shaped brand mark: the brand's logo or short name on its colour. */
export const CardBrandIcon = ({ brand, size = 40, decorative = false }: CardBrandIconProps) => {
  const style = BRAND_STYLES[brand];
  const iconSize = Math.round(size * 0.6);
  let mark = <IconCreditCard size={iconSize} stroke={1.6} />;
  if (brand === 'VISA') mark = <IconBrandVisa size={iconSize} stroke={1.6} />;
  else if (brand === 'MASTERCARD') mark = <IconBrandMastercard size={iconSize} stroke={1.6} />;
  else if (style.short)
    mark = (
      <Text component="span" fw={800} fz={Math.max(8, Math.round(size / 4.2))} lh={1} c={style.color}>
        {style.short}
      </Text>
    );
  return (
    <Box
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': CARD_BRAND_LABELS[brand] })}
      data-brand={brand}
      style={{
        width: size,
        height: Math.round((size * 2) / 3),
        borderRadius: 6,
        background: style.background,
        color: style.color,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      {mark}
    </Box>
  );
};

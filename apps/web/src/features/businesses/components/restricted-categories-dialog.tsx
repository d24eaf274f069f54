import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';

/**
 * Businesses that cannot use Ferry. Payment partners and card networks do not accept them, and the
 * regulations on money movement restrict or forbid them.
 */
export const RESTRICTED_CATEGORIES = [
  'Gambling, betting, lotteries and other games of chance',
  'Adult content, products and services',
  'Marijuana, cannabis and CBD products, other controlled substances and drug paraphernalia',
  'Firearms, ammunition, weapons and explosives',
  'Cryptocurrency exchanges, virtual currencies and initial coin offerings',
  'Money services: money transmission, check cashing, currency exchange, prepaid cards and stored value',
  'Payday lending, debt collection, debt relief and credit repair',
  'Pyramid schemes, multi-level marketing and get-rich-quick schemes',
  'Counterfeit goods or goods that infringe intellectual property',
  'Unlicensed pharmacies, prescription drugs and unapproved supplements',
  'Shell companies and businesses acting for sanctioned countries, persons or organisations',
] as const;

export type RestrictedCategoriesDialogProps = { opened: boolean; onClose: () => void };

/** 'Which businesses can't use Ferry?': the help of the categories agreement (spec 000 §2). */
export const RestrictedCategoriesDialog = ({ opened, onClose }: RestrictedCategoriesDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title="Businesses that can't use Ferry" size="lg">
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Our banking partners and card networks do not allow payments for businesses in these categories. If
        any of them describes your business, you cannot use Ferry.
      </Text>
      <List size="sm" spacing={6} withPadding>
        {RESTRICTED_CATEGORIES.map((category) => (
          <List.Item key={category}>{category}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        Not sure whether your business qualifies? Contact our support team before you continue.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Got it</Button>
      </Group>
    </Stack>
  </Dialog>
);

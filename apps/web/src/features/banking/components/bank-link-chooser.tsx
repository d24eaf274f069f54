import {
  Badge,
  Box,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBolt, IconChevronRight, IconPencil } from '@tabler/icons-react';

export const CHOOSER_HEADING = 'Add and verify a bank account for sending and receiving.';
export const CHOOSER_HEADING_AUTO_PAY = 'Add and verify a bank account to authorize auto-payments.';
export const INSTANT_OPTION = 'Connect & Verify Instantly';
export const MANUAL_OPTION = 'Add and verify bank manually';
export const BANK_TERMS =
  'By linking a bank account, you authorize Ferry and its payment partners to initiate credit and debit entries to that account for the payments you make and receive, and to correct entries made in error.';

export type BankLinkChooserProps = {
  onInstant: () => void;
  onManual: () => void;
  /** While the link token is fetched the instant option shows a loader and does nothing (spec 002 §2). */
  isInstantLoading?: boolean;
  disabled?: boolean;
  variant?: 'default' | 'auto-pay';
  withTerms?: boolean;
  /** The heading level inside the page. */
  headingOrder?: 2 | 3;
};

type OptionProps = {
  title: string;
  description: string;
  icon: React.ReactNode;
  recommended?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

const Option = ({ title, description, icon, recommended, loading, disabled, onClick }: OptionProps) => (
  <UnstyledButton
    onClick={() => {
      if (!loading && !disabled) onClick();
    }}
    aria-disabled={disabled || loading ? true : undefined}
    aria-busy={loading ? true : undefined}
    data-disabled={disabled || undefined}
    style={{
      borderRadius: 'var(--mantine-radius-md)',
      opacity: disabled ? 0.55 : 1,
      cursor: disabled ? 'not-allowed' : 'pointer',
    }}
  >
    <Paper
      withBorder
      radius="md"
      p="md"
      style={recommended ? { borderColor: 'var(--mantine-color-ferry-5)', borderWidth: 2 } : undefined}
    >
      <Group wrap="nowrap" gap="md">
        {icon}
        <Box style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            {recommended ? (
              <Badge size="sm" variant="light" tt="none">
                Recommended
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Box>
        {loading ? <Loader size="sm" aria-label="Loading" /> : <IconChevronRight size={18} aria-hidden />}
      </Group>
    </Paper>
  </UnstyledButton>
);

/**
 * The bank linking chooser (spec 002 §2): the recommended instant option through the bank-data provider and
 * the manual option (micro-deposits); an optional paragraph authorising credits and debits.
 */
export const BankLinkChooser = ({
  onInstant,
  onManual,
  isInstantLoading = false,
  disabled = false,
  variant = 'default',
  withTerms = false,
  headingOrder = 2,
}: BankLinkChooserProps) => (
  <Stack gap="md">
    <Title order={headingOrder} fz="lg" fw={600}>
      {variant === 'auto-pay' ? CHOOSER_HEADING_AUTO_PAY : CHOOSER_HEADING}
    </Title>
    <Option
      title={INSTANT_OPTION}
      description="Sign in to your bank to link and verify your account in seconds."
      recommended
      loading={isInstantLoading}
      disabled={disabled}
      onClick={onInstant}
      icon={
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconBolt size={22} />
        </ThemeIcon>
      }
    />
    <Option
      title={MANUAL_OPTION}
      description="Enter your routing and account numbers; we verify them with two small deposits in 2 to 3 business days."
      disabled={disabled || isInstantLoading}
      onClick={onManual}
      icon={
        <ThemeIcon size={40} radius="md" variant="light" color="gray" aria-hidden>
          <IconPencil size={20} />
        </ThemeIcon>
      }
    />
    {withTerms ? (
      <Text size="xs" c="dimmed">
        {BANK_TERMS}
      </Text>
    ) : null}
  </Stack>
);

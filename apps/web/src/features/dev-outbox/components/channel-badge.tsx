import { Badge } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import type { OutboxChannel } from '../api/get-outbox-messages';

const CHANNELS = {
  email: { label: 'Email', color: 'ferry', icon: IconMail },
  sms: { label: 'SMS', color: 'grape', icon: IconMessage },
} as const;

export const ChannelBadge = ({ channel }: { channel: OutboxChannel }) => {
  const { label, color, icon: Icon } = CHANNELS[channel];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
      leftSection={<Icon size={12} stroke={2} aria-hidden />}
    >
      {label}
    </Badge>
  );
};

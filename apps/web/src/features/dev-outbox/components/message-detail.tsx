import { formatDateTime } from '@ferry/domain';
import { Box, Code, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import type { OutboxMessage } from '../api/get-outbox-messages';
import { ChannelBadge } from './channel-badge';

export type MessageDetailProps = { message: OutboxMessage | null };

const Meta = ({ label, value }: { label: string; value: string }) => (
  <Group gap="xs" wrap="nowrap" align="baseline">
    <Text size="xs" c="dimmed" w={40} fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  </Group>
);

const TextBody = ({ text }: { text: string }) => (
  <Code block fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} bg="gray.0">
    {text}
  </Code>
);

/** The selected message. HTML renders in a sandboxed iframe with no permissions (no scripts, no forms,
 * opaque origin), so a message cannot touch the app. */
export const MessageDetail = ({ message }: MessageDetailProps) => {
  if (!message) {
    return (
      <Paper withBorder p="xl" h="100%">
        <Stack align="center" justify="center" gap="xs" mih={240} ta="center">
          <IconMailOpened size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed" size="sm">
            Select a message to read it.
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="outbox-message-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="lg" id="outbox-message-title">
            {message.subject?.trim() || (message.channel === 'sms' ? 'Text message' : '(no subject)')}
          </Title>
          <ChannelBadge channel={message.channel} />
        </Group>
        <Stack gap={4}>
          <Meta label="To" value={message.to} />
          <Meta label="Sent" value={formatDateTime(message.createdAt)} />
        </Stack>
        {message.html ? (
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="md">
              <Box
                component="iframe"
                sandbox=""
                srcDoc={message.html}
                title={`HTML of the message to ${message.to}`}
                w="100%"
                h={480}
                bg="white"
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="md">
              <TextBody text={message.text} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <TextBody text={message.text} />
        )}
      </Stack>
    </Paper>
  );
};

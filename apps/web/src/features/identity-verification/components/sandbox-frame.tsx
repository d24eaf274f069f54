import { IconFingerprint } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SandboxFrame } from '@/components/sandbox-frame';

/** The frame of the sandbox identity provider's hosted page, with a notice that this is a test page. */
export const SandboxIdentityFrame = ({ children }: { children: ReactNode }) => (
  <SandboxFrame
    icon={<IconFingerprint size={18} />}
    name="Sandbox identity provider"
    headerSize="sm"
    contentSize="xs"
    noticeTitle="This is a test page"
    notice="It stands in for an identity provider’s hosted check. No documents are collected: choose the outcome to send back."
  >
    {children}
  </SandboxFrame>
);

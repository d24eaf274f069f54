import { IconBook2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SandboxFrame } from '@/components/sandbox-frame';

/**
 * The frame of Sandbox Books' pages: the sandbox look (not Ferry's), named for the provider it stands in
 * for when there is one, so nobody takes it for the real vendor.
 */
export const BooksFrame = ({
  providerName,
  size,
  notice,
  children,
}: {
  providerName?: string | null;
  size: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  notice: ReactNode;
  children: ReactNode;
}) => (
  <SandboxFrame
    icon={<IconBook2 size={18} />}
    name={providerName ? `Sandbox Books — standing in for ${providerName}` : 'Sandbox Books'}
    headerSize={size}
    contentSize={size}
    noticeTitle="This is a test page"
    notice={notice}
  >
    {children}
  </SandboxFrame>
);

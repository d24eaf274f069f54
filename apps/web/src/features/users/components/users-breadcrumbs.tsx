import { paths } from '@ferry/domain';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';

/** 'Settings › Users › {current}' over the add-user and change-role pages (spec 001 §2). */
export const UsersBreadcrumbs = ({ businessId, current }: { businessId: string; current: string }) => (
  <PageBreadcrumbs
    trail={[{ label: 'Settings' }, { label: 'Users', href: paths.settingsUsers(businessId) }]}
    current={current}
  />
);

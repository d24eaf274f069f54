import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { truncateText } from '@/components/truncated-text';
import type { ContactKindConfig } from '../utils/contact-kind';

export type ContactBreadcrumbsProps = { businessId: string; config: ContactKindConfig; current: string };

/** 'Vendors > {name}' (or 'Customers > ...'): the list, then the page. */
export const ContactBreadcrumbs = ({ businessId, config, current }: ContactBreadcrumbsProps) => (
  <nav aria-label="Breadcrumb">
    <Breadcrumbs separator="›" separatorMargin={6}>
      <Anchor component={Link} to={config.listHref(businessId)} size="sm">
        {config.pluralLabel}
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {truncateText(current)}
      </Text>
    </Breadcrumbs>
  </nav>
);

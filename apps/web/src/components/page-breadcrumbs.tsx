import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A step of the trail; without `href` it is plain text. */
export type Crumb = { label: string; href?: string | undefined };

export type PageBreadcrumbsProps = {
  /** The steps before the page, first to last. */
  trail: readonly Crumb[];
  /** The page itself. */
  current: string;
};

/** 'Pay › Payments › Details': the trail's links, then the current page. */
export const PageBreadcrumbs = ({ trail, current }: PageBreadcrumbsProps) => (
  <nav aria-label="Breadcrumb">
    <Breadcrumbs separator="›" separatorMargin={6}>
      {trail.map((crumb) =>
        crumb.href ? (
          <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm">
            {crumb.label}
          </Anchor>
        ) : (
          <Text key={crumb.label} size="sm">
            {crumb.label}
          </Text>
        ),
      )}
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  </nav>
);

import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useId } from 'react';
import { formatRangeText, getPageCount, PAGE_SIZE_OPTIONS } from './pagination';

export type DataTablePagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Names what is paged, for screen readers ("Messages pagination"). */
  label: string;
};

const ICON_PROPS = { size: 16, stroke: 1.8, 'aria-hidden': true } as const;

export const DataTablePager = ({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  label,
}: DataTablePagerProps) => {
  const sizeId = useId();
  const pageCount = getPageCount(total, pageSize);
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  const button = (ariaLabel: string, target: number, disabled: boolean, icon: React.ReactNode) => (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={() => onPageChange(target)}
    >
      {icon}
    </ActionIcon>
  );

  return (
    <Group component="nav" aria-label={label} justify="space-between" px="md" py="sm" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={sizeId} size="sm" c="dimmed">
          Rows per page
        </Text>
        <NativeSelect
          id={sizeId}
          size="xs"
          w={72}
          value={String(pageSize)}
          data={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      </Group>
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="data-table-range">
          {formatRangeText(page, pageSize, total)}
        </Text>
        <Group gap={4} wrap="nowrap">
          {button('First page', 1, isFirst, <IconChevronsLeft {...ICON_PROPS} />)}
          {button('Previous page', page - 1, isFirst, <IconChevronLeft {...ICON_PROPS} />)}
          <Text size="sm" px="xs" miw={92} ta="center">
            Page {page} of {pageCount}
          </Text>
          {button('Next page', page + 1, isLast, <IconChevronRight {...ICON_PROPS} />)}
          {button('Last page', pageCount, isLast, <IconChevronsRight {...ICON_PROPS} />)}
        </Group>
      </Group>
    </Group>
  );
};

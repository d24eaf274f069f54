import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';

export type SortOrder = 'asc' | 'desc';
export type SortState<K extends string> = { by: K; order: SortOrder };

/** A new column sorts descending first; the sorted column again turns its order round. */
export const nextSort = <K extends string>(current: SortState<K>, key: K): SortState<K> =>
  current.by === key
    ? { by: key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { by: key, order: 'desc' };

export type SortHeaderProps<K extends string> = {
  label: string;
  sortKey: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
};

/** A column header that sorts the list on the server: 'Sort by amount, descending'. */
export const SortHeader = <K extends string>({ label, sortKey, sort, onSort }: SortHeaderProps<K>) => {
  const active = sort.by === sortKey;
  const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() => onSort(sortKey)}
      aria-label={`Sort by ${label.toLowerCase()}${active ? (sort.order === 'asc' ? ', ascending' : ', descending') : ''}`}
      style={{ font: 'inherit', color: 'inherit', textTransform: 'inherit', letterSpacing: 'inherit' }}
    >
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
};

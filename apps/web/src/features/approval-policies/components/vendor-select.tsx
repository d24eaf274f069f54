import { Alert, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { renderRemovablePill } from '@/components/multi-select-pill';
import { getErrorMessage } from '@/lib/api-error';
import { useVendorOptions, type VendorOption } from '../api/get-vendor-options';

export type VendorSelectProps = {
  businessId: string;
  value: VendorOption[];
  onChange: (vendors: VendorOption[]) => void;
  error?: string | undefined;
  id?: string;
};

/**
 * The vendors condition's picker: the bills' vendor list (searched on the server, 100 at a time); chosen
 * vendors keep their names even when the current search does not list them.
 */
export const VendorSelect = ({ businessId, value, onChange, error, id }: VendorSelectProps) => {
  const [search, setSearch] = useState('');
  const [searchTerm] = useDebouncedValue(search.trim(), 300);
  const vendorsQuery = useVendorOptions(businessId, searchTerm);
  const known = new Map<string, string>(value.map((vendor) => [vendor.value, vendor.label]));
  for (const vendor of vendorsQuery.data ?? []) known.set(vendor.value, vendor.label);
  const data = [...known].map(([vendorId, label]) => ({ value: vendorId, label }));

  return (
    <Stack gap={6}>
      <MultiSelect
        id={id}
        label="Vendors"
        placeholder={value.length === 0 ? 'Search vendors' : undefined}
        withAsterisk
        data={data}
        value={value.map((vendor) => vendor.value)}
        onChange={(ids) =>
          onChange(ids.map((vendorId) => ({ value: vendorId, label: known.get(vendorId) ?? vendorId })))
        }
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        hidePickedOptions
        nothingFoundMessage={vendorsQuery.isFetching ? 'Searching…' : 'No vendors found'}
        error={error}
        renderPill={renderRemovablePill}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={280}
      />
      {vendorsQuery.isError ? (
        <Alert color="red" variant="light" role="alert">
          {`Error loading data: ${getErrorMessage(vendorsQuery.error)}`}
        </Alert>
      ) : null}
    </Stack>
  );
};

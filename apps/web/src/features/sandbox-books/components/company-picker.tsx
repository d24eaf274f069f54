import type { SandboxCompany } from '@ferry/domain/schemas';
import { Button, Group, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { NewCompanyDialog } from './new-company-dialog';

/** Which company the page shows, and 'New company'. */
export const CompanyPicker = ({
  companies,
  companyId,
  onChange,
}: {
  companies: SandboxCompany[];
  companyId: string | null;
  onChange: (companyId: string) => void;
}) => {
  const [creating, setCreating] = useState(false);
  return (
    <Group align="flex-end" gap="sm">
      {companies.length > 0 ? (
        <Select
          label="Company"
          data={companies.map((company) => ({ value: company.id, label: company.name }))}
          value={companyId}
          onChange={(value) => value && onChange(value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
        />
      ) : null}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setCreating(true)}
      >
        New company
      </Button>
      <NewCompanyDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(company) => onChange(company.id)}
      />
    </Group>
  );
};

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { EMPTY_PHONE, PhoneField, type PhoneValue } from './phone-field';

const Harness = ({ onChange, error }: { onChange: (value: PhoneValue) => void; error?: string }) => {
  const [value, setValue] = useState<PhoneValue>(EMPTY_PHONE);
  return (
    <PhoneField
      label="Mobile number"
      required
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
};

describe('PhoneField', () => {
  it('defaults to the United States and keeps only digits of the number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('US +1');
    await user.type(screen.getByLabelText(/Mobile number/), '(415) 555-01a23');
    expect(onChange).toHaveBeenLastCalledWith({
      countryISOCode: 'us',
      countryCode: '1',
      phoneNumber: '4155550123',
    });
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('4155550123');
  });

  it('changes the country by searching its name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const country = screen.getByRole('combobox', { name: 'Country code' });
    await user.click(country);
    await user.clear(country);
    await user.type(country, 'India');
    await user.click(await screen.findByRole('option', { name: /India/, hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ countryISOCode: 'in', countryCode: '91', phoneNumber: '' });
    expect(country).toHaveValue('IN +91');
  });

  it('shows its error tied to the number input', () => {
    renderWithProviders(<Harness onChange={vi.fn()} error="Please enter valid phone number." />);
    const input = screen.getByLabelText(/Mobile number/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter valid phone number.');
  });
});

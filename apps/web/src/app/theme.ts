import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep teal-blue, the brand colour; shade 7 is the primary in light mode. */
const ferry: MantineColorsTuple = [
  '#e7f5f8',
  '#cfe8ee',
  '#a0d0dc',
  '#6db6c8',
  '#44a0b7',
  '#2a91ac',
  '#1a87a4',
  '#0b6f8a',
  '#00617b',
  '#00536a',
];

const FONT_STACK =
  'Inter, "Inter var", ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const CALENDAR_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  decadeLevelControl: 'Choose a decade',
};

export const theme = createTheme({
  primaryColor: 'ferry',
  primaryShade: { light: 7, dark: 5 },
  colors: { ferry },
  fontFamily: FONT_STACK,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: FONT_STACK, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#0f1f2b',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Every date picker's arrows and level buttons get names for screen readers.
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS } },
    DateInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS } },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS } },
  },
});

/** Slightly warmer page background than white so cards read as surfaces. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--ferry-page-bg': '#f6f8fa', '--mantine-color-body': '#ffffff' },
  dark: { '--ferry-page-bg': 'var(--mantine-color-dark-8)' },
});

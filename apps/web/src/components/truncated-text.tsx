import { Text, type TextProps, Tooltip } from '@mantine/core';

/** Spec 001 §9 and 002 §9: names and emails over 30 characters are cut, with the whole text in a tooltip. */
export const TRUNCATE_AFTER = 30;

export const isTruncated = (text: string): boolean => [...text].length > TRUNCATE_AFTER;

/** The first 30 characters and an ellipsis (by code point: an emoji is never split). */
export const truncateText = (text: string): string =>
  isTruncated(text) ? `${[...text].slice(0, TRUNCATE_AFTER).join('')}…` : text;

export type TruncatedTextProps = TextProps & { text: string; component?: 'span' | 'p' | 'div' | 'h2' };

/**
 * Text over 30 characters shows its first 30 and an ellipsis, and the whole text in a tooltip that the
 * keyboard reaches too (the cut text is focusable and named by the whole text).
 */
export const TruncatedText = ({ text, component = 'span', ...props }: TruncatedTextProps) => {
  if (!isTruncated(text)) {
    return (
      <Text component={component} {...props}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip label={text} multiline maw={360} withArrow style={{ overflowWrap: 'anywhere' }}>
      <Text component={component} {...props} aria-label={text} tabIndex={0}>
        {truncateText(text)}
      </Text>
    </Tooltip>
  );
};

import { Text, type TextProps, Tooltip } from '@mantine/core';

/** Spec 001 §9: text over 30 characters is truncated, with the whole text in a tooltip. */
export const TRUNCATE_AFTER = 30;

export const isTruncated = (text: string): boolean => [...text].length > TRUNCATE_AFTER;

export const truncateText = (text: string): string =>
  isTruncated(text) ? `${[...text].slice(0, TRUNCATE_AFTER).join('')}…` : text;

export type TruncatedTextProps = TextProps & { text: string };

/** The first 30 characters and an ellipsis, the whole text in a tooltip (and for screen readers). */
export const TruncatedText = ({ text, ...props }: TruncatedTextProps) => {
  if (!isTruncated(text)) {
    return (
      <Text component="span" {...props}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip label={text} multiline maw={360} withArrow style={{ overflowWrap: 'anywhere' }}>
      <Text component="span" {...props} aria-label={text} tabIndex={0}>
        {truncateText(text)}
      </Text>
    </Tooltip>
  );
};

import { Text, type TextProps, Tooltip } from '@mantine/core';
import { isTruncated, truncateText } from '../utils/display';

export type TruncatedTextProps = TextProps & { text: string; component?: 'span' | 'p' | 'h2' };

/** Text over 30 characters shows its first 30 and an ellipsis, and the whole text in a tooltip (spec 002 §2). */
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

import { Modal, type ModalProps } from '@mantine/core';

const TITLE_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-xl)' } };

/** The app's modal dialog: centred, medium width, roomy, with the house title style. */
export const Dialog = (props: ModalProps) => (
  <Modal centered size="md" radius="lg" padding="xl" styles={TITLE_STYLES} {...props} />
);

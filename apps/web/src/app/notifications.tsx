/** The notification stack, a module of its own so that the provider can load it after the first page. */
export { Notifications } from '@mantine/notifications';

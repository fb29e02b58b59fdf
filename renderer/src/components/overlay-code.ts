/**
 * Mantine's overlay components: the code components/overlays.tsx loads after the first paint.
 * Only that file imports this one, and only dynamically, so none of it (floating-ui, scroll
 * locking, transitions, portals: a good share of the start-up JavaScript, docs/performance.md) is
 * compiled or run before the lookup box takes its first keystroke.
 */
export { Menu, Modal, Popover } from '@mantine/core';
export { Notifications } from '@mantine/notifications';

import type { PaydeskDesktop } from '../../../shared/contract';

/**
 * The attribute that marks an id on screen (`data-copy-id="300000001"`): in the desktop app a
 * right-click on it offers "Copy ID". Electron's own context-menu event does not say which element
 * was clicked, so the page names the id and main shows the native menu (main/electron/menus.ts).
 */
const COPY_ID_ATTRIBUTE = 'data-copy-id';

/** Listens for right-clicks on marked ids; a no-op without the desktop shell (the browser build). */
export function installCopyIdMenu(
  desktop: PaydeskDesktop | undefined,
  page: Document = document,
): () => void {
  if (!desktop) return () => {};
  const onContextMenu = (event: MouseEvent): void => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const id = event.target.closest(`[${COPY_ID_ATTRIBUTE}]`)?.getAttribute(COPY_ID_ATTRIBUTE);
    if (!id) return;
    // Cancelled here, Chromium shows no menu of its own: main's menu (Copy ID, and Copy when
    // something is selected) takes its place.
    event.preventDefault();
    void desktop.showIdContextMenu({ id, hasSelection: (page.getSelection()?.toString() ?? '') !== '' });
  };
  page.addEventListener('contextmenu', onContextMenu);
  return () => page.removeEventListener('contextmenu', onContextMenu);
}

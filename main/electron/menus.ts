import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';
import { z } from 'zod';
import {
  CHANNELS,
  LANGUAGES,
  TEXT_LANGUAGE_OF,
  type Language,
  type Result,
  type TextLanguage,
} from '../../shared/contract';

/**
 * The application menu and the context menu as plain templates. Pure (a type-only import of
 * electron) so that test/unit/electron asserts them per platform in Node; desktop.ts hands them to
 * Menu.buildFromTemplate. Labels follow the user's language (Preferences.language).
 */

export interface MenuLabels {
  file: string;
  edit: string;
  view: string;
  window: string;
  help: string;
  about: (app: string) => string;
  services: string;
  hide: (app: string) => string;
  hideOthers: string;
  showAll: string;
  quit: (app: string) => string;
  closeWindow: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  pasteAndMatchStyle: string;
  delete: string;
  selectAll: string;
  reload: string;
  forceReload: string;
  toggleDevTools: string;
  resetZoom: string;
  zoomIn: string;
  zoomOut: string;
  toggleFullScreen: string;
  minimize: string;
  zoom: string;
  front: string;
  openLogsFolder: string;
  copyDiagnostics: string;
  copyId: string;
}

export const MENU_LABELS: Readonly<Record<TextLanguage, MenuLabels>> = {
  en: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    about: (app) => `About ${app}`,
    services: 'Services',
    hide: (app) => `Hide ${app}`,
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    quit: (app) => `Quit ${app}`,
    closeWindow: 'Close Window',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    reload: 'Reload',
    forceReload: 'Force Reload',
    toggleDevTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    toggleFullScreen: 'Toggle Full Screen',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    openLogsFolder: 'Open Logs Folder',
    copyDiagnostics: 'Copy Diagnostics',
    copyId: 'Copy ID',
  },
  es: {
    file: 'Archivo',
    edit: 'Edición',
    view: 'Ver',
    window: 'Ventana',
    help: 'Ayuda',
    about: (app) => `Acerca de ${app}`,
    services: 'Servicios',
    hide: (app) => `Ocultar ${app}`,
    hideOthers: 'Ocultar otros',
    showAll: 'Mostrar todo',
    quit: (app) => `Salir de ${app}`,
    closeWindow: 'Cerrar ventana',
    undo: 'Deshacer',
    redo: 'Rehacer',
    cut: 'Cortar',
    copy: 'Copiar',
    paste: 'Pegar',
    pasteAndMatchStyle: 'Pegar con el mismo estilo',
    delete: 'Eliminar',
    selectAll: 'Seleccionar todo',
    reload: 'Recargar',
    forceReload: 'Forzar recarga',
    toggleDevTools: 'Herramientas de desarrollo',
    resetZoom: 'Tamaño real',
    zoomIn: 'Ampliar',
    zoomOut: 'Reducir',
    toggleFullScreen: 'Pantalla completa',
    minimize: 'Minimizar',
    zoom: 'Zoom',
    front: 'Traer todo al frente',
    openLogsFolder: 'Abrir carpeta de registros',
    copyDiagnostics: 'Copiar diagnóstico',
    copyId: 'Copiar ID',
  },
  'pt-BR': {
    file: 'Arquivo',
    edit: 'Editar',
    view: 'Visualizar',
    window: 'Janela',
    help: 'Ajuda',
    about: (app) => `Sobre o ${app}`,
    services: 'Serviços',
    hide: (app) => `Ocultar ${app}`,
    hideOthers: 'Ocultar outros',
    showAll: 'Mostrar tudo',
    quit: (app) => `Encerrar ${app}`,
    closeWindow: 'Fechar janela',
    undo: 'Desfazer',
    redo: 'Refazer',
    cut: 'Recortar',
    copy: 'Copiar',
    paste: 'Colar',
    pasteAndMatchStyle: 'Colar com o mesmo estilo',
    delete: 'Apagar',
    selectAll: 'Selecionar tudo',
    reload: 'Recarregar',
    forceReload: 'Forçar recarregamento',
    toggleDevTools: 'Ferramentas do desenvolvedor',
    resetZoom: 'Tamanho real',
    zoomIn: 'Aumentar zoom',
    zoomOut: 'Diminuir zoom',
    toggleFullScreen: 'Tela cheia',
    minimize: 'Minimizar',
    zoom: 'Zoom',
    front: 'Trazer tudo para a frente',
    openLogsFolder: 'Abrir pasta de logs',
    copyDiagnostics: 'Copiar diagnóstico',
    copyId: 'Copiar ID',
  },
};

/** The labels of a language (a regional variant's are its language's); English for anything else. */
export function menuLabelsFor(language: string | undefined): MenuLabels {
  return (LANGUAGES as readonly string[]).includes(language ?? '')
    ? MENU_LABELS[TEXT_LANGUAGE_OF[language as Language]]
    : MENU_LABELS.en;
}

/** The language a call just stored (a successful setPreferences), so the menus can follow it. */
export function languageSetBy(channel: string, answer: Result<unknown>): Language | undefined {
  if (channel !== CHANNELS.setPreferences || !answer.ok) return undefined;
  const language = (answer.data as { language?: unknown } | null)?.language;
  return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Application menu
// ---------------------------------------------------------------------------------------------

export interface MenuActions {
  openLogsFolder(): void;
  copyDiagnostics(): void;
}

interface MenuTemplateOptions {
  platform: NodeJS.Platform;
  /** A packaged app: no reload and no developer tools (a reload drops a form being filled in). */
  packaged: boolean;
  appName: string;
  labels: MenuLabels;
  actions: MenuActions;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

export function buildMenuTemplate({
  platform,
  packaged,
  appName,
  labels,
  actions,
}: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const about: MenuItemConstructorOptions = { role: 'about', label: labels.about(appName) };
  const quit: MenuItemConstructorOptions = { role: 'quit', label: labels.quit(appName) };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      separator,
      { role: 'services', label: labels.services },
      separator,
      { role: 'hide', label: labels.hide(appName) },
      { role: 'hideOthers', label: labels.hideOthers },
      { role: 'unhide', label: labels.showAll },
      separator,
      quit,
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: labels.file,
    submenu: [mac ? { role: 'close', label: labels.closeWindow } : quit],
  };

  const edit: MenuItemConstructorOptions = {
    label: labels.edit,
    submenu: [
      { role: 'undo', label: labels.undo },
      { role: 'redo', label: labels.redo },
      separator,
      { role: 'cut', label: labels.cut },
      { role: 'copy', label: labels.copy },
      { role: 'paste', label: labels.paste },
      ...(mac
        ? [
            { role: 'pasteAndMatchStyle', label: labels.pasteAndMatchStyle } as const,
            { role: 'delete', label: labels.delete } as const,
            { role: 'selectAll', label: labels.selectAll } as const,
          ]
        : [
            { role: 'delete', label: labels.delete } as const,
            separator,
            { role: 'selectAll', label: labels.selectAll } as const,
          ]),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: labels.view,
    submenu: [
      ...(packaged
        ? []
        : [
            { role: 'reload', label: labels.reload } as const,
            { role: 'forceReload', label: labels.forceReload } as const,
            { role: 'toggleDevTools', label: labels.toggleDevTools } as const,
            separator,
          ]),
      { role: 'resetZoom', label: labels.resetZoom },
      { role: 'zoomIn', label: labels.zoomIn },
      { role: 'zoomOut', label: labels.zoomOut },
      separator,
      { role: 'togglefullscreen', label: labels.toggleFullScreen },
    ],
  };

  const window: MenuItemConstructorOptions = {
    label: labels.window,
    role: 'window',
    submenu: [
      { role: 'minimize', label: labels.minimize },
      { role: 'zoom', label: labels.zoom },
      ...(mac
        ? [separator, { role: 'front', label: labels.front } as const]
        : [{ role: 'close', label: labels.closeWindow } as const]),
    ],
  };

  const help: MenuItemConstructorOptions = {
    label: labels.help,
    role: 'help',
    submenu: [
      { label: labels.openLogsFolder, click: () => actions.openLogsFolder() },
      { label: labels.copyDiagnostics, click: () => actions.copyDiagnostics() },
      // On macOS About is in the app menu, where the platform puts it.
      ...(mac ? [] : [separator, about]),
    ],
  };

  return [...(mac ? [appMenu] : []), file, edit, view, window, help];
}

// ---------------------------------------------------------------------------------------------
// Context menu
// ---------------------------------------------------------------------------------------------

/** What the context menu depends on: Electron's context-menu params, or the page's id request. */
export interface ContextMenuFacts {
  isEditable: boolean;
  /** A password field: nothing in it may be cut or copied (a credential being typed). */
  isPassword: boolean;
  hasSelection: boolean;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
  /** An id the page marked with data-copy-id under the pointer. */
  copyId?: string;
}

export function contextMenuFactsFrom(
  params: Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'formControlType' | 'editFlags'>,
): ContextMenuFacts {
  return {
    isEditable: params.isEditable,
    isPassword: params.formControlType === 'input-password',
    hasSelection: params.selectionText.trim() !== '',
    editFlags: {
      canCut: params.editFlags.canCut,
      canCopy: params.editFlags.canCopy,
      canPaste: params.editFlags.canPaste,
      canSelectAll: params.editFlags.canSelectAll,
    },
  };
}

/**
 * What the page may ask for when an id it marked is right-clicked (DESKTOP_CHANNELS): an id is
 * visible characters only, short; anything else is refused before a menu is built.
 */
export const idContextMenuRequestSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[^\s\p{C}]+$/u),
    hasSelection: z.boolean(),
  })
  .strict();
type IdContextMenuRequest = z.infer<typeof idContextMenuRequestSchema>;

export function contextMenuFactsForId({ id, hasSelection }: IdContextMenuRequest): ContextMenuFacts {
  return {
    isEditable: false,
    isPassword: false,
    hasSelection,
    editFlags: { canCut: false, canCopy: hasSelection, canPaste: false, canSelectAll: false },
    copyId: id,
  };
}

/** Copy on a selection, Paste (and Cut, Select All) in a field, Copy ID on a marked id; [] for none. */
export function buildContextMenuTemplate(
  facts: ContextMenuFacts,
  labels: MenuLabels,
  copyText: (text: string) => void,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (facts.isEditable) {
    if (!facts.isPassword)
      items.push(
        { role: 'cut', label: labels.cut, enabled: facts.editFlags.canCut },
        { role: 'copy', label: labels.copy, enabled: facts.editFlags.canCopy },
      );
    items.push({ role: 'paste', label: labels.paste, enabled: facts.editFlags.canPaste }, separator, {
      role: 'selectAll',
      label: labels.selectAll,
      enabled: facts.editFlags.canSelectAll,
    });
  } else if (facts.hasSelection) {
    items.push({ role: 'copy', label: labels.copy });
  }
  const id = facts.copyId;
  if (id !== undefined) {
    if (items.length > 0) items.push(separator);
    items.push({ label: labels.copyId, click: () => copyText(id) });
  }
  return items;
}

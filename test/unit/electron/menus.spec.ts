import { test, expect } from '@playwright/test';
import type { MenuItemConstructorOptions } from 'electron';
import { CHANNELS, TEXT_LANGUAGES } from '../../../shared/contract';
import {
  buildContextMenuTemplate,
  buildMenuTemplate,
  contextMenuFactsForId,
  contextMenuFactsFrom,
  idContextMenuRequestSchema,
  languageSetBy,
  MENU_LABELS,
  menuLabelsFor,
  type ContextMenuFacts,
  type MenuActions,
} from '../../../main/electron/menus';

/**
 * The application menu per platform and build, and the context menu per click target, as the
 * templates menus.ts hands to Electron's Menu.buildFromTemplate. That Electron draws them, runs
 * the roles and puts the macOS app menu first is for a machine with Electron.
 */

const PLATFORMS = ['darwin', 'win32', 'linux'] as const;
const labels = MENU_LABELS.en;

function actionsRecorder(): MenuActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openLogsFolder: () => void calls.push('openLogsFolder'),
    copyDiagnostics: () => void calls.push('copyDiagnostics'),
  };
}

const template = (platform: NodeJS.Platform, packaged: boolean, actions: MenuActions = actionsRecorder()) =>
  buildMenuTemplate({ platform, packaged, appName: 'Paydesk', labels, actions });

/** Every item of a template, submenus included. */
function items(menu: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return menu.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

const roles = (menu: readonly MenuItemConstructorOptions[]): string[] =>
  items(menu).flatMap((item) => (item.role ? [item.role] : []));

const submenuOf = (
  menu: readonly MenuItemConstructorOptions[],
  label: string,
): MenuItemConstructorOptions[] => {
  const found = menu.find((item) => item.label === label)?.submenu;
  if (!Array.isArray(found)) throw new Error(`no ${label} menu`);
  return found;
};

const EDIT_ROLES = ['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll'];
const DEVELOPER_ROLES = ['reload', 'forceReload', 'toggleDevTools'];

test.describe('application menu', () => {
  for (const platform of PLATFORMS) {
    for (const packaged of [true, false]) {
      test(`${platform}, ${packaged ? 'packaged' : 'development build'}: File, Edit, View, Window, Help and the Edit roles`, () => {
        const menu = template(platform, packaged);
        const tops = menu.map((item) => item.label);
        expect(tops).toEqual([
          ...(platform === 'darwin' ? ['Paydesk'] : []),
          'File',
          'Edit',
          'View',
          'Window',
          'Help',
        ]);
        const edit = roles(submenuOf(menu, 'Edit'));
        expect(edit).toEqual(expect.arrayContaining(EDIT_ROLES));
        if (platform === 'darwin') expect(edit).toContain('pasteAndMatchStyle');
        // Every item has a label in the user's language (none left to Electron's English default).
        for (const item of items(menu))
          if (item.type !== 'separator') expect(item.label, item.role).toBeTruthy();
      });
    }
  }

  test('packaged builds have no Reload, Force Reload or developer tools; development builds keep them', () => {
    for (const platform of PLATFORMS) {
      const packagedRoles = roles(template(platform, true));
      for (const role of DEVELOPER_ROLES) expect(packagedRoles, `${platform} ${role}`).not.toContain(role);
      expect(roles(template(platform, false))).toEqual(expect.arrayContaining(DEVELOPER_ROLES));
      // Zoom and full screen stay in both.
      expect(packagedRoles).toEqual(
        expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']),
      );
    }
  });

  test('macOS: the app menu has About, Services, Hide, Hide Others, Show All and Quit; File closes the window', () => {
    const menu = template('darwin', true);
    const appMenu = submenuOf(menu, 'Paydesk');
    expect(roles(appMenu)).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(appMenu.map((item) => item.label ?? item.type)).toEqual([
      'About Paydesk',
      'separator',
      'Services',
      'separator',
      'Hide Paydesk',
      'Hide Others',
      'Show All',
      'separator',
      'Quit Paydesk',
    ]);
    expect(roles(submenuOf(menu, 'File'))).toEqual(['close']);
    expect(roles(submenuOf(menu, 'Window'))).toEqual(['minimize', 'zoom', 'front']);
    // About lives in the app menu on macOS, not in Help.
    expect(roles(submenuOf(menu, 'Help'))).toEqual([]);
  });

  test('Windows and Linux: Quit in File, About in Help, no app menu', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = template(platform, true);
      expect(roles(submenuOf(menu, 'File'))).toEqual(['quit']);
      expect(roles(submenuOf(menu, 'Help'))).toEqual(['about']);
      expect(roles(menu)).not.toEqual(expect.arrayContaining(['services']));
      expect(roles(menu)).not.toContain('hideOthers');
    }
  });

  test('Window and Help are marked with their roles (macOS adds the window list and the help search)', () => {
    const menu = template('darwin', true);
    expect(menu.find((item) => item.label === 'Window')?.role).toBe('window');
    expect(menu.find((item) => item.label === 'Help')?.role).toBe('help');
  });

  test('Help: Open Logs Folder and Copy Diagnostics run their actions', () => {
    for (const platform of PLATFORMS) {
      const actions = actionsRecorder();
      const help = submenuOf(template(platform, true, actions), 'Help');
      const click = (label: string): void => {
        const item = help.find((entry) => entry.label === label);
        if (!item?.click) throw new Error(`no ${label}`);
        // Electron passes (menuItem, window, event); the actions need none of them.
        (item.click as () => void)();
      };
      click('Open Logs Folder');
      click('Copy Diagnostics');
      expect(actions.calls).toEqual(['openLogsFolder', 'copyDiagnostics']);
    }
  });

  test('labels follow the language; an unknown language falls back to English', () => {
    const spanish = buildMenuTemplate({
      platform: 'darwin',
      packaged: true,
      appName: 'Paydesk',
      labels: menuLabelsFor('es'),
      actions: actionsRecorder(),
    });
    expect(spanish.map((item) => item.label)).toEqual([
      'Paydesk',
      'Archivo',
      'Edición',
      'Ver',
      'Ventana',
      'Ayuda',
    ]);
    expect(submenuOf(spanish, 'Paydesk').at(-1)?.label).toBe('Salir de Paydesk');
    expect(menuLabelsFor('pt-BR').copyId).toBe('Copiar ID');
    expect(menuLabelsFor('fr')).toBe(MENU_LABELS.en);
    expect(menuLabelsFor(undefined)).toBe(MENU_LABELS.en);
    // Every language names every label.
    const keys = Object.keys(MENU_LABELS.en).sort();
    for (const language of TEXT_LANGUAGES)
      expect(Object.keys(MENU_LABELS[language]).sort(), language).toEqual(keys);
    // Spanish with Mexico's numbers reads the Spanish labels.
    expect(menuLabelsFor('es-MX')).toBe(MENU_LABELS.es);
  });

  test('a successful setPreferences carries the language the menus follow; nothing else does', () => {
    const stored = { ok: true as const, data: { language: 'pt-BR', theme: 'dark' } };
    expect(languageSetBy(CHANNELS.setPreferences, stored)).toBe('pt-BR');
    expect(languageSetBy(CHANNELS.getPreferences, stored)).toBeUndefined();
    expect(
      languageSetBy(CHANNELS.setPreferences, { ok: false, error: { kind: 'storage', message: 'x' } }),
    ).toBeUndefined();
    expect(languageSetBy(CHANNELS.setPreferences, { ok: true, data: { language: 'xx' } })).toBeUndefined();
  });
});

test.describe('context menu', () => {
  const noFlags = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false };
  const allFlags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
  const facts = (overrides: Partial<ContextMenuFacts>): ContextMenuFacts => ({
    isEditable: false,
    isPassword: false,
    hasSelection: false,
    editFlags: noFlags,
    ...overrides,
  });
  const build = (given: ContextMenuFacts, copied: string[] = []) =>
    buildContextMenuTemplate(given, labels, (text) => void copied.push(text));
  const shape = (menu: MenuItemConstructorOptions[]) =>
    menu.map((item) => (item.type === 'separator' ? '—' : (item.role ?? item.label)));

  test('Copy on a selection of page text', () => {
    expect(shape(build(facts({ hasSelection: true, editFlags: { ...noFlags, canCopy: true } })))).toEqual([
      'copy',
    ]);
  });

  test('nothing on plain page text without a selection (no empty menu pops up)', () => {
    expect(build(facts({}))).toEqual([]);
  });

  test('Paste (with Cut, Copy, Select All) in an editable field, enabled as Chromium says', () => {
    const menu = build(
      facts({ isEditable: true, editFlags: { ...noFlags, canPaste: true, canSelectAll: true } }),
    );
    expect(shape(menu)).toEqual(['cut', 'copy', 'paste', '—', 'selectAll']);
    expect(menu.map((item) => item.enabled)).toEqual([false, false, true, undefined, true]);
  });

  test('a password field offers no Cut or Copy, whatever the flags say', () => {
    const menu = build(
      facts({ isEditable: true, isPassword: true, hasSelection: true, editFlags: allFlags }),
    );
    expect(shape(menu)).toEqual(['paste', '—', 'selectAll']);
  });

  test('Copy ID on a marked id copies exactly that id; with a selection, Copy comes first', () => {
    const copied: string[] = [];
    const alone = build(contextMenuFactsForId({ id: '300000001', hasSelection: false }), copied);
    expect(shape(alone)).toEqual(['Copy ID']);
    (alone[0]?.click as () => void)();
    expect(copied).toEqual(['300000001']);
    const selected = build(contextMenuFactsForId({ id: 'ext:payout-7781', hasSelection: true }), copied);
    expect(shape(selected)).toEqual(['copy', '—', 'Copy ID']);
    (selected[2]?.click as () => void)();
    expect(copied).toEqual(['300000001', 'ext:payout-7781']);
  });

  test("Electron's params become the facts: a selection, a password field, the edit flags", () => {
    const params = {
      isEditable: true,
      selectionText: '  ',
      formControlType: 'input-password' as const,
      editFlags: { ...allFlags, canUndo: true, canRedo: true, canDelete: true, canEditRichly: false },
    };
    expect(contextMenuFactsFrom(params)).toEqual({
      isEditable: true,
      isPassword: true,
      hasSelection: false,
      editFlags: allFlags,
    });
    expect(
      contextMenuFactsFrom({ ...params, formControlType: 'input-text', selectionText: 'x' }),
    ).toMatchObject({
      isPassword: false,
      hasSelection: true,
    });
  });

  test("the page's id request: visible characters only, short, nothing more", () => {
    const ok = (value: unknown): boolean => idContextMenuRequestSchema.safeParse(value).success;
    expect(ok({ id: '300000001', hasSelection: false })).toBe(true);
    expect(ok({ id: 'ext:payout-7781', hasSelection: true })).toBe(true);
    expect(ok({ id: '', hasSelection: false })).toBe(false);
    expect(ok({ id: 'a b', hasSelection: false })).toBe(false);
    expect(ok({ id: 'line\nbreak', hasSelection: false })).toBe(false);
    expect(ok({ id: 'x'.repeat(129), hasSelection: false })).toBe(false);
    expect(ok({ id: 12, hasSelection: false })).toBe(false);
    expect(ok({ id: '1', hasSelection: false, label: 'Paste this' })).toBe(false);
  });
});

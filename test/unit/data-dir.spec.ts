import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { dataPaths, defaultDataDir, resolveDataDir } from '../../main/core/data-dir';

/** The data folder shared by the app and the CLI: Electron's userData for productName Paydesk. */

const home = '/home/ana';

test('per OS: XDG config (or ~/.config) on Linux, Application Support on macOS, %APPDATA% on Windows', () => {
  expect(defaultDataDir({}, { platform: 'linux', home })).toBe('/home/ana/.config/Paydesk');
  expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, { platform: 'linux', home })).toBe('/xdg/Paydesk');
  // A relative XDG_CONFIG_HOME is ignored, as the XDG spec and Electron do.
  expect(defaultDataDir({ XDG_CONFIG_HOME: 'relative' }, { platform: 'linux', home })).toBe(
    '/home/ana/.config/Paydesk',
  );
  expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, { platform: 'darwin', home })).toBe(
    '/home/ana/Library/Application Support/Paydesk',
  );
  expect(defaultDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, { platform: 'win32', home })).toBe(
    join('C:\\Users\\ana\\AppData\\Roaming', 'Paydesk'),
  );
  expect(defaultDataDir({}, { platform: 'win32', home })).toBe(join(home, 'AppData', 'Roaming', 'Paydesk'));
});

test('PAYDESK_DATA_DIR wins, made absolute; an empty one is ignored', () => {
  expect(resolveDataDir({ PAYDESK_DATA_DIR: '/data/paydesk' }, { platform: 'linux', home })).toBe(
    '/data/paydesk',
  );
  expect(resolveDataDir({ PAYDESK_DATA_DIR: 'relative/dir' }, { platform: 'linux', home })).toBe(
    resolve('relative/dir'),
  );
  expect(resolveDataDir({ PAYDESK_DATA_DIR: '  ' }, { platform: 'linux', home })).toBe(
    '/home/ana/.config/Paydesk',
  );
});

test('settings.json and audit/ inside it', () => {
  expect(dataPaths('/d')).toEqual({
    dir: '/d',
    settings: join('/d', 'settings.json'),
    audit: join('/d', 'audit'),
  });
});

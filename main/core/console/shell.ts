import { z } from 'zod';
import type { ShellApi } from '../../../shared/contract';
import { keychainStateOf } from '../drafts';
import { MAX_URL, none } from './arg-parts';
import type { ConsoleMethods } from './method';
import { failure } from './results';

export const SHELL_HANDLERS: ConsoleMethods<keyof ShellApi> = {
  openExternal: {
    arg: z.strictObject({ url: z.string().max(MAX_URL) }),
    async handle(context, arg) {
      let url: URL | undefined;
      try {
        url = new URL(arg.url);
      } catch {
        url = undefined;
      }
      if (url?.protocol !== 'https:' || !context.redirectUrls.has(arg.url)) {
        return failure(
          'not_permitted',
          'Only https links the service sent as a deposit redirect in this session can be opened.',
          { field: 'url', text: { key: 'console.linkRefused' } },
        );
      }
      if (!context.openExternal) {
        return failure('not_permitted', 'This console cannot open links in a browser here.', {
          text: { key: 'console.noBrowser' },
        });
      }
      try {
        // Our port, not Electron's shell: Electronegativity's OPEN_EXTERNAL_JS_CHECK matches it by
        // name and is accepted in .ci/electronegativity/accepted.mjs (the URL was checked above).
        return { ok: true, data: { opened: await context.openExternal(arg.url) } };
      } catch {
        return failure('internal', 'The system browser could not be opened.', {
          text: { key: 'console.browserFailed' },
        });
      }
    },
  },

  /** How this console was started. */
  getConsoleSetup: {
    arg: none,
    async handle(context) {
      // The drafts' own answer: the page's note and the forms cannot disagree about the keychain.
      const keeping = await context.drafts.keeping();
      if (!keeping.ok) return keeping;
      return { ok: true, data: { ...context.launch, keychain: keychainStateOf(keeping.data) } };
    },
  },

  takeOpenedLink: {
    arg: none,
    async handle(context) {
      return { ok: true, data: context.openedLinks.take() };
    },
  },
};

/**
 * The pre-start shell's names, shared by the build (electron.vite.config.ts prestartShell), the
 * pre-start script (prestart.ts) and the app that takes over from it (handover.ts). No imports:
 * the build and the pre-start script both read this file.
 */

/** In the source index.html: where the build puts the templates and the pre-start script. */
export const PRESTART_PLACEHOLDER = '<!-- paydesk:prestart -->';

/** On each `<template>`: the language its copy of the first screen is in. */
export const PRESTART_LANGUAGE_ATTRIBUTE = 'data-prestart-language';

/** On #root while it shows the pre-start shell (its value: the language); the app removes it. */
export const PRESTART_ROOT_ATTRIBUTE = 'data-prestart';

/** On the pre-start lookup form once Enter was pressed in it: the app opens what was typed. */
export const PRESTART_SUBMITTED_ATTRIBUTE = 'data-prestart-submitted';

/** On #root: the element the pre-start copy had the focus on, for the app to put it on its own. */
export const PRESTART_FOCUS_ATTRIBUTE = 'data-prestart-focus';

/** On #root: the header button clicked (or Ctrl/Cmd+K: the jump button), for the app to click. */
export const PRESTART_CLICK_ATTRIBUTE = 'data-prestart-click';

/** The header's button that opens the jump box, which Ctrl/Cmd+K opens too (shell/JumpDialog). */
export const JUMP_BUTTON_TEST_ID = 'jump-button';

/** The lookup box and its form, in the shell and in its pre-start copy alike (JumpForm). */
export const LOOKUP_INPUT_TEST_ID = 'jump-input';
export const LOOKUP_FORM_ROLE = 'search';
export const LOOKUP_INPUT_SELECTOR = `[data-testid="${LOOKUP_INPUT_TEST_ID}"]`;
export const LOOKUP_FORM_SELECTOR = `form[role="${LOOKUP_FORM_ROLE}"]`;

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

/** The lookup box and its form, in the shell and in its pre-start copy alike (JumpForm). */
export const LOOKUP_INPUT_TEST_ID = 'jump-input';
export const LOOKUP_FORM_ROLE = 'search';
export const LOOKUP_INPUT_SELECTOR = `[data-testid="${LOOKUP_INPUT_TEST_ID}"]`;
export const LOOKUP_FORM_SELECTOR = `form[role="${LOOKUP_FORM_ROLE}"]`;

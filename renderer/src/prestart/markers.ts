/**
 * The pre-start shell's names, shared by the build (build/prestart-plugin.ts), the pre-start
 * script (prestart.ts), the app's lookup box (shell/JumpForm) and the hand-over (handover.ts).
 * No imports: the build and the pre-start script both read this file.
 */

/** In the source index.html: where the build puts the templates and the pre-start script. */
export const PRESTART_PLACEHOLDER = '<!-- paydesk:prestart -->';

/** On each `<template>`: the language its copy of the first screen is in. */
export const PRESTART_LANGUAGE_ATTRIBUTE = 'data-prestart-language';

/** On #root while it shows the pre-start shell (its value: the language); the app removes it. */
export const PRESTART_ROOT_ATTRIBUTE = 'data-prestart';

/**
 * On the lookup box that takes over from the pre-start one (JumpForm on the Lookup screen), and so
 * on its copy too: the pre-start script and the hand-over find the box by it, not by a test id.
 */
export const PRESTART_LOOKUP_ATTRIBUTE = 'data-prestart-lookup';
export const PRESTART_LOOKUP_SELECTOR = `input[${PRESTART_LOOKUP_ATTRIBUTE}]`;

/** On the pre-start lookup box once Enter was pressed in it: the app opens what was typed. */
export const PRESTART_SUBMITTED_ATTRIBUTE = 'data-prestart-submitted';

import { Button, Group, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIndexAsk } from '../api/records';
import { recordHref } from '../components/record-href';
import {
  jumpFocusAfter,
  namesItsKind,
  parseJumpInput,
  parsePositiveId,
  type JumpKind,
  type JumpProblem,
} from '../lib/jump-parser';
import { JUMP_MATCHES } from '../lib/record-filters';
import { resolveTyped } from '../lib/typed-id';
import { JUMP_MATCH_LINK_ATTRIBUTE, JumpMatches } from './JumpMatches';
import { jumpHref } from './links';
import { screenForJump } from './screens';

type Problem =
  | JumpProblem
  | { problem: 'no_screen'; kind: JumpKind }
  /** Several records this console has seen are exactly the text: one is picked from the matches. */
  | { problem: 'several_exact'; text: string; count: number }
  /** None is exactly the text, some start with it (`number`: it could still be a deposit id). */
  | { problem: 'prefix_only'; text: string; number: boolean };

function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation('shell');
  return (problem) => {
    switch (problem.problem) {
      case 'empty':
        return t('jump.problem.empty');
      case 'unknown_prefix':
        return t('jump.problem.unknown_prefix', { prefix: problem.prefix });
      case 'missing_id':
        return t('jump.problem.missing_id', { kind: t(`jump.kind.${problem.kind}`) });
      case 'not_an_id':
        return t('jump.problem.not_an_id', { kind: t(`jump.kind.${problem.kind}`), value: problem.value });
      case 'external_id_too_long':
        return t('jump.problem.external_id_too_long', { max: problem.max });
      case 'external_id_invalid':
        return t('jump.problem.external_id_invalid');
      case 'bare_text':
        return t('jump.problem.bare_text', { value: problem.value });
      case 'no_screen':
        return t('jump.problem.no_screen', { kind: t(`jump.kind.${problem.kind}`) });
      case 'several_exact':
        return t('jump.problem.several_exact', { text: problem.text, count: problem.count });
      case 'prefix_only':
        return problem.number
          ? t('jump.problem.prefix_only_number', { text: problem.text })
          : t('jump.problem.prefix_only', { text: problem.text });
    }
  };
}

/**
 * The jump box: one input that takes any id (lib/jump-parser) and opens its screen, with the
 * records the index matches to the typed text listed under it (an invoice id finds its deposit). Shown inline
 * on the Lookup screen and in the Ctrl/Cmd+K dialog. Invalid input is explained under the field.
 */
export function JumpForm({
  autoFocus = false,
  initialText = '',
  onDone,
}: {
  autoFocus?: boolean;
  /** What the box starts with (a search link's text); its matches show at once. */
  initialText?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const describe = useProblemText();
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<Problem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const askIndex = useIndexAsk(JUMP_MATCHES);
  /** The latest submission: an index answer to an earlier one is dropped. */
  const submitted = useRef(0);

  const go = (href: string): void => {
    setProblem(null);
    void navigate(href);
    onDone?.();
  };

  /** By the grammar alone: a bare number is a deposit id. */
  const openParsed = (typed: string): void => {
    const parsed = parseJumpInput(typed);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    if (!screenForJump(parsed.target.kind)) {
      setProblem({ problem: 'no_screen', kind: parsed.target.kind });
      return;
    }
    go(jumpHref(parsed.target));
  };

  /**
   * Text that names its kind (`ref 17`) goes by the grammar. A bare number or text is first what
   * the record index knows it as: the one record that is exactly it opens (an invoice id, an
   * external id, a whole id); the start of ids leaves the matches to choose from; only what the
   * index knows nothing of goes by the grammar (a number: the service is asked for that deposit).
   */
  const open = async (typed: string): Promise<void> => {
    const text = typed.trim();
    if (text === '' || namesItsKind(text)) {
      openParsed(typed);
      return;
    }
    const asked = (submitted.current += 1);
    const found = await askIndex(text);
    if (asked !== submitted.current) return;
    const resolved = found === null ? ({ kind: 'unknown' } as const) : resolveTyped(text, found);
    const href = resolved.kind === 'one' ? recordHref(resolved.record) : null;
    if (href !== null) go(href);
    else if (resolved.kind === 'several')
      setProblem({ problem: 'several_exact', text, count: resolved.count });
    else if (resolved.kind === 'prefix')
      setProblem({ problem: 'prefix_only', text, number: parsePositiveId(text) !== null });
    else openParsed(typed);
  };

  return (
    <form
      role="search"
      aria-label={t('jump.formLabel')}
      onKeyDown={(event) => {
        const links = [
          ...event.currentTarget.querySelectorAll<HTMLElement>(`[${JUMP_MATCH_LINK_ATTRIBUTE}]`),
        ];
        const current = links.findIndex((link) => link === document.activeElement);
        const next = jumpFocusAfter(event.key, current, links.length);
        if (next === null) return;
        event.preventDefault();
        (next < 0 ? inputRef.current : links[next])?.focus();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void open(text);
      }}
    >
      <TextInput
        label={t('jump.label')}
        description={t('jump.hint')}
        placeholder="300000001 · ref 17 · co 11954 · ext payout-7781 · sm 18703"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          // What the index answers about the text before this edit no longer applies.
          submitted.current += 1;
          if (problem) setProblem(null);
        }}
        error={problem ? describe(problem) : undefined}
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid="jump-input"
        ref={inputRef}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Button type="submit" data-testid="jump-submit">
              {t('jump.open')}
            </Button>
          </Group>
        )}
      />
      <JumpMatches typed={text} onOpen={onDone} />
    </form>
  );
}

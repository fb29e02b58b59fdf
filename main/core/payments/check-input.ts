import type { z } from 'zod';
import type { Result } from '../../../shared/contract';
import { issueText } from '../message-text';

function fieldOf(prefix: string, path: readonly PropertyKey[]): string {
  const parts = [prefix, ...path.map(String)].filter((part) => part !== '');
  return parts.join('.');
}

/**
 * Checks an input. The error names the first offending field (dotted path) and what it must be;
 * `name` is the field's name when the input is a single value, or a prefix for objects.
 */
export function checkInput<T>(schema: z.ZodType<T>, input: unknown, name = ''): Result<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const [issue] = parsed.error.issues;
  if (!issue) {
    return {
      ok: false,
      error: { kind: 'validation', message: 'The input is not valid.', text: { key: 'field.invalid' } },
    };
  }
  if (issue.code === 'unrecognized_keys') {
    const field = fieldOf(name, [...issue.path, issue.keys[0] ?? '']);
    return {
      ok: false,
      error: {
        kind: 'validation',
        field,
        message: `${field}: is not a field the service knows`,
        text: { key: 'field.unknown' },
      },
    };
  }
  const field = fieldOf(name, issue.path) || 'input';
  return {
    ok: false,
    error: {
      kind: 'validation',
      field,
      message: `${field}: ${issue.message}`,
      text: issueText(issue),
    },
  };
}

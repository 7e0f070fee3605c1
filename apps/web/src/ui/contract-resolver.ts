import { zodResolver } from '@hookform/resolvers/zod';
import { issueToMessage } from '@parkade/contract';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { encodeMessage } from './form';

/** zod's error map for the form: every issue without a message of its own becomes a translation reference. */
function issueMap(issue: Parameters<typeof issueToMessage>[0] & { message?: string }): string {
  return encodeMessage(issueToMessage({ ...issue, message: issue.message ?? '' }));
}

/** The resolver of a form on a contract schema: its parsed output (trimmed, defaults, transforms) is submitted. */
export function contractResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return zodResolver(schema as never, { error: issueMap as never }) as unknown as Resolver<
    z.input<S> & FieldValues,
    unknown,
    z.output<S> & FieldValues
  >;
}

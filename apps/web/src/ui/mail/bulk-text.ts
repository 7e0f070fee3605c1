import { BULK_MAIL_VARIABLES, type MessageRef } from '@parkade/contract';
import { checkDraft, type TextDraft, type TextField } from './mail-text';

/*
 * A bulk mail's texts (the email sender's, and a property's own templates, which are bulk mails not sent yet): a
 * subject and a body per language of the property, where a language may be left empty — its readers get the
 * property's first language written.
 */

/** A language's text left empty (both fields blank): it is not sent, its readers get another language's. */
export const isBlank = (draft: TextDraft | undefined) =>
  !draft || (!draft.subject.trim() && !draft.body.trim());

/**
 * What is wrong with each language's text: nothing for one left empty; else both fields wanted, within their
 * lengths, with only the bulk mail's variables.
 */
export function draftProblems(
  drafts: Record<string, TextDraft>,
): Record<string, Partial<Record<TextField, MessageRef>>> {
  return Object.fromEntries(
    Object.entries(drafts).map(([l, d]) => [l, isBlank(d) ? {} : checkDraft(d, BULK_MAIL_VARIABLES)]),
  );
}

/** The texts a send carries: the languages written, in the property's order. */
export function textsOf(
  drafts: Record<string, TextDraft>,
  languages: readonly string[],
): Record<string, TextDraft> {
  return Object.fromEntries(
    languages
      .filter((l) => !isBlank(drafts[l]))
      .map((l) => [l, { subject: drafts[l]!.subject, body: drafts[l]!.body }]),
  );
}

/**
 * The language a resident reading `language` gets when it has no text: the property's first language that has
 * one (as the server sends it), or null when none has.
 */
export function fallbackLanguage(
  language: string,
  written: readonly string[],
  languages: readonly string[],
): string | null {
  if (written.includes(language)) return language;
  return languages.find((l) => written.includes(l)) ?? null;
}

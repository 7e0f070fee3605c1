import type { EmailTemplate } from '@parkade/contract';
import type { TextDraft } from '../../ui/mail/mail-text';

/* The template editor's own rules: what it starts from, and which languages Save sends. */

/** The texts a template is sent with now, by language: what the editor starts from. */
export function draftsOf(template: EmailTemplate): Record<string, TextDraft> {
  return Object.fromEntries(
    template.languages.map((l) => {
      const text = template.texts[l];
      return [l, { subject: text?.subject ?? '', body: text?.body ?? '' }];
    }),
  );
}

/** The languages whose text in the editor is not the one the template is sent with: what Save sends. */
export function changedLanguages(drafts: Record<string, TextDraft>, template: EmailTemplate): string[] {
  return template.languages.filter((l) => {
    const draft = drafts[l];
    const saved = template.texts[l];
    return draft !== undefined && (draft.subject !== saved?.subject || draft.body !== saved?.body);
  });
}

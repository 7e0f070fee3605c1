import type { EmailTemplate } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { changedLanguages, draftsOf } from './template-text';

const AGREEMENT = ['name', 'place', 'days', 'link'] as const;

const text = (subject: string, body: string, custom = false) => ({
  subject,
  body,
  defaultSubject: subject,
  defaultBody: body,
  custom,
  updatedAt: null,
  updatedBy: null,
});
const template: EmailTemplate = {
  key: 'resident-agreement',
  essential: true,
  variables: [...AGREEMENT],
  sample: { name: 'Alex Doe' },
  languages: ['en', 'es'],
  texts: { en: text('Your agreement', 'Hello {{name}}'), es: text('Su acuerdo', 'Hola {{name}}') },
};

describe('what Save sends', () => {
  it('is only the languages whose text changed', () => {
    const drafts = draftsOf(template);
    expect(changedLanguages(drafts, template)).toEqual([]);
    drafts.es = { ...drafts.es!, subject: 'Su acuerdo en {{place}}' };
    expect(changedLanguages(drafts, template)).toEqual(['es']);
  });
});

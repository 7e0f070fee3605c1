import { describe, expect, it } from 'vitest';
import { draftProblems, fallbackLanguage, textsOf } from './bulk-text';

describe("a bulk mail's texts", () => {
  const blank = { subject: '', body: '' };

  it('leave out a language left empty, and keep the property’s order', () => {
    const drafts = {
      zh: { subject: '通知', body: '您好 {{name}}' },
      en: { subject: 'Notice', body: 'Hello {{name}}' },
      es: { subject: '  ', body: '' },
    };
    expect(Object.keys(textsOf(drafts, ['en', 'es', 'zh']))).toEqual(['en', 'zh']);
  });

  it('find nothing wrong with a language left empty; want both fields of one started', () => {
    expect(draftProblems({ en: blank, es: { subject: 'Aviso', body: '' } })).toEqual({
      en: {},
      es: { body: { key: 'validation.required' } },
    });
  });

  it('name a variable a bulk mail does not offer', () => {
    const problems = draftProblems({ en: { subject: 'Hi {{name}}', body: 'Your link: {{link}}' } });
    expect(problems.en?.body?.key).toBe('emailTemplates.unknownVariable');
    expect(problems.en?.body?.params?.variable).toBe('{{link}}');
    expect(problems.en?.subject).toBeUndefined();
  });

  it("go to a language's readers in it, else in the property's first language written", () => {
    expect(fallbackLanguage('es', ['en', 'es'], ['en', 'es', 'zh'])).toBe('es');
    expect(fallbackLanguage('zh', ['es'], ['en', 'es', 'zh'])).toBe('es');
    expect(fallbackLanguage('zh', [], ['en', 'es', 'zh'])).toBeNull();
  });
});

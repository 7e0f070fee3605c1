import { MAIL_SUBJECT_MAX } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../platform/i18n';
import { checkDraft, checkText, fieldErrorReader, insertVariable, placeTemplateErrors } from './mail-text';

const AGREEMENT = ['name', 'place', 'days', 'link'] as const;

describe('a variable put into a text', () => {
  it('goes where the cursor is, and the cursor after it', () => {
    expect(insertVariable('Hola :', 'name', 5)).toEqual({ text: 'Hola {{name}}:', caret: 13 });
    expect(insertVariable('', 'place')).toEqual({ text: '{{place}}', caret: 9 });
  });

  it('replaces the selected words', () => {
    expect(insertVariable('Welcome to Oakridge!', 'place', 11, 19)).toEqual({
      text: 'Welcome to {{place}}!',
      caret: 20,
    });
  });

  it('goes at the end without a cursor, and never outside the text', () => {
    expect(insertVariable('Hi ', 'name').text).toBe('Hi {{name}}');
    expect(insertVariable('Hi', 'name', 99, 120).text).toBe('Hi{{name}}');
    expect(insertVariable('Hi', 'name', -3).text).toBe('{{name}}Hi');
  });
});

describe('the check of a text before it is sent', () => {
  it('names a variable the mail does not offer, with the ones it does', () => {
    const problem = checkText('body', 'Hola {{nmae}}, {{ place }}', AGREEMENT);
    expect(problem).toEqual({
      key: 'emailTemplates.unknownVariable',
      params: { variable: '{{nmae}}', allowed: '{{name}}, {{place}}, {{days}}, {{link}}' },
    });
    expect(i18n.getFixedT('en')(problem!.key, problem!.params ?? {})).toBe(
      '{{nmae}} is not a variable of this mail. It offers: {{name}}, {{place}}, {{days}}, {{link}}.',
    );
  });

  it('names every unknown variable once', () => {
    expect(checkText('subject', '{{a}} {{b}} {{a}}', AGREEMENT)?.params?.variables).toBe('{{a}}, {{b}}');
  });

  it('accepts the mail’s own variables, spaced or not', () => {
    expect(checkText('body', 'Hi {{name}}, {{ link }} ({{days}} days) at {{place}}', AGREEMENT)).toBeNull();
    expect(checkText('subject', 'No variables at all', AGREEMENT)).toBeNull();
  });

  it('wants a subject and a body, within their lengths', () => {
    expect(checkDraft({ subject: '  ', body: '' }, AGREEMENT)).toEqual({
      subject: { key: 'validation.required' },
      body: { key: 'validation.required' },
    });
    expect(checkText('subject', 'x'.repeat(MAIL_SUBJECT_MAX + 1), AGREEMENT)).toEqual({
      key: 'validation.max',
      params: { max: MAIL_SUBJECT_MAX },
    });
    expect(checkText('subject', 'x'.repeat(MAIL_SUBJECT_MAX), AGREEMENT)).toBeNull();
  });
});

describe("the server's field errors", () => {
  it('land on the field and language they name; the others go to the alert', () => {
    expect(
      placeTemplateErrors({
        'texts.es.body': ['{{nmae}} is not a variable of this mail.'],
        'texts.es.subject': ['', 'Too long'],
        texts: ['Nothing to save'],
      }),
    ).toEqual({
      fields: { es: { body: '{{nmae}} is not a variable of this mail.', subject: 'Too long' } },
      other: ['Nothing to save'],
    });
  });

  it("of a preview or a test (one language) land on that language's fields", () => {
    expect(placeTemplateErrors({ body: ['{{x}} is not a variable'] }, 'zh').fields).toEqual({
      zh: { body: '{{x}} is not a variable' },
    });
    expect(placeTemplateErrors({ body: ['{{x}}'] }).other).toEqual(['{{x}}']);
  });
});

describe('the message under a field', () => {
  it("says the text's own problem first, then what the server said, in order", () => {
    const t = (key: string) => `t:${key}`;
    const read = fieldErrorReader(
      { en: { body: { key: 'validation.required' } } },
      [
        { en: { subject: 'saved: no', body: 'saved: body' } },
        { en: { subject: 'preview: no' }, es: { body: 'p' } },
      ],
      t,
    );
    expect(read.errorsOf('en')).toEqual({ subject: 'saved: no', body: 't:validation.required' });
    expect(read.errorsOf('es')).toEqual({ subject: undefined, body: 'p' });
    expect(read.hasErrors('zh')).toBe(false);
  });
});

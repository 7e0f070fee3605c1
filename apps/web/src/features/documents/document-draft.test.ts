import type { DocContent, DocumentItem, DocumentText } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { canonical, changedLanguages, placeErrors, unknownIn } from './document-draft';

const para = (text: string): DocContent => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const text = (body: string): DocumentText => ({ header: para('H'), body: para(body), footer: para('F') });

describe('the document editor rules', () => {
  it('compares texts whatever the order of their keys (the API stores them as jsonb)', () => {
    expect(canonical({ type: 'doc', content: [] })).toBe(canonical({ content: [], type: 'doc' }));
    const doc = {
      languages: ['en', 'es'],
      texts: { en: text('a'), es: text('b') },
    } as unknown as DocumentItem;
    const reordered = JSON.parse(
      JSON.stringify({ body: para('a'), footer: para('F'), header: para('H') }),
    ) as DocumentText;
    expect(changedLanguages({ en: reordered, es: text('b') }, doc)).toEqual([]);
    expect(changedLanguages({ en: reordered, es: text('c') }, doc)).toEqual(['es']);
  });

  it('names the variables a document does not offer, by part', () => {
    expect(unknownIn(text('Dear {{residentName}}, {{nmae}} {{nmae}}'), ['residentName'])).toEqual({
      body: ['nmae'],
    });
    expect(unknownIn(text('Dear {{residentName}}'), ['residentName'])).toEqual({});
  });

  it("puts the server's refusals under their language and part", () => {
    expect(placeErrors({ 'texts.es.body': ['{{x}} is not a variable'], layout: ['Bad margins'] })).toEqual({
      fields: { es: { body: '{{x}} is not a variable' } },
      general: ['Bad margins'],
    });
  });
});

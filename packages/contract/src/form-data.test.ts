import { describe, expect, it } from 'vitest';
import { formBoolean, formNumber, idParams, toFormData } from './index';

describe('toFormData (SPEC §5 form-data conversion)', () => {
  it('sends booleans as 1 and 0', () => {
    const fd = toFormData({ active: true, archived: false });
    expect(fd.get('active')).toBe('1');
    expect(fd.get('archived')).toBe('0');
  });
  it('omits empty values: null, undefined and blank strings', () => {
    const fd = toFormData({ name: '', note: '   ', a: null, b: undefined, kept: 'x' });
    expect([...fd.keys()]).toEqual(['kept']);
  });
  it('keeps zero, sends arrays as name[] and dates as ISO', () => {
    const fd = toFormData({ spots: 0, ids: [1, 2, null], at: new Date('2026-01-02T03:04:05Z') });
    expect(fd.get('spots')).toBe('0');
    expect(fd.getAll('ids[]')).toEqual(['1', '2']);
    expect(fd.get('at')).toBe('2026-01-02T03:04:05.000Z');
  });
  it('adds the method override for updates with files', () => {
    const file = new File([new Uint8Array([1, 2])], 'plate.png', { type: 'image/png' });
    const fd = toFormData({ photo: file }, 'PUT');
    expect(fd.get('_method')).toBe('PUT');
    expect((fd.get('photo') as File).name).toBe('plate.png');
  });
});

describe('server-side readers of form values', () => {
  it('formBoolean reads 1/0 and true/false and rejects the rest', () => {
    expect(formBoolean.parse('1')).toBe(true);
    expect(formBoolean.parse('0')).toBe(false);
    expect(formBoolean.parse(true)).toBe(true);
    expect(formBoolean.safeParse('yes').success).toBe(false);
  });
  it('formNumber reads numeric strings only', () => {
    expect(formNumber.parse('12')).toBe(12);
    expect(formNumber.safeParse('12a').success).toBe(false);
  });
  it('ids in URLs are positive integers', () => {
    expect(idParams.parse({ id: '7' }).id).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'abc']) expect(idParams.safeParse({ id: bad }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { plateFromText } from './ocr';

describe('the plate among what the reader read', () => {
  it('takes the plate, not the state or its slogan around it', () => {
    expect(plateFromText('TEXAS\nKHT 4829\nTHE LONE STAR STATE\n')).toBe('KHT4829');
    expect(plateFromText('CALIFORNIA\n7KXM-214\nDMV.CA.GOV')).toBe('7KXM214');
  });

  it('joins a plate read as separate words, and keeps a vanity plate of letters when there is nothing else', () => {
    expect(plateFromText('AB 12 CD')).toBe('AB12CD');
    expect(plateFromText('MYCAR')).toBe('MYCAR');
  });

  it('reads nothing from nothing, or from marks too short or too long to be a plate', () => {
    expect(plateFromText('')).toBeNull();
    expect(plateFromText(' - \n')).toBeNull();
    expect(plateFromText('A')).toBeNull();
    expect(plateFromText('ABCDEFGHIJKLMNOPQRST')).toBeNull();
  });
});

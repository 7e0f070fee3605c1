import { SIGNATURE_MAX_CHARS } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { agreementUrl, scrolledToEnd, signatureProblem, startStep } from './register';

describe('resident registration', () => {
  it('starts where the resident left off', () => {
    expect(startStep({ registered: false, signedAt: null })).toBe(0);
    expect(startStep({ registered: true, signedAt: null })).toBe(1);
    expect(startStep({ registered: true, signedAt: '2025-03-01T10:00:00Z' })).toBe(2);
    // Signed without the details step (an older link): still done.
    expect(startStep({ registered: false, signedAt: '2025-03-01T10:00:00Z' })).toBe(2);
  });

  it('counts the agreement as read at its end, or when it fits without scrolling', () => {
    expect(scrolledToEnd({ scrollTop: 0, scrollHeight: 1000, clientHeight: 320 })).toBe(false);
    expect(scrolledToEnd({ scrollTop: 600, scrollHeight: 1000, clientHeight: 320 })).toBe(false);
    expect(scrolledToEnd({ scrollTop: 680, scrollHeight: 1000, clientHeight: 320 })).toBe(true);
    // Zoomed pages stop a fraction of a pixel short.
    expect(scrolledToEnd({ scrollTop: 679.4, scrollHeight: 1000, clientHeight: 320 })).toBe(true);
    expect(scrolledToEnd({ scrollTop: 0, scrollHeight: 200, clientHeight: 200 })).toBe(true);
    expect(scrolledToEnd({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 })).toBe(true);
  });

  it('refuses an empty, oversized or malformed signature', () => {
    expect(signatureProblem(null)).toBe('register.signature.required');
    expect(signatureProblem('')).toBe('register.signature.required');
    expect(signatureProblem('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(signatureProblem(`data:image/png;base64,${'A'.repeat(SIGNATURE_MAX_CHARS)}`)).toBe(
      'register.signature.tooLarge',
    );
    expect(signatureProblem('data:image/jpeg;base64,/9j/4AAQ')).toBe('register.signature.invalid');
  });

  it('names the resident by the token in the agreement address', () => {
    expect(agreementUrl(7, 'a b/c')).toBe('/public/residents/agreement/7?token=a%20b%2Fc');
  });
});

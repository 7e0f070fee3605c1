/** Digits only: spaces a user types between the groups ("123 456") are dropped. */
export const normaliseTotpCode = (value: string) => value.replace(/\s+/g, '');
/** Recovery codes are shown as `abcde-fghij`; case, spaces and dashes do not matter when one is typed. */
export const normaliseRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '');

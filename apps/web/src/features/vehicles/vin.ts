/**
 * The VIN field's input: its last 4 digits only (SPEC §3, decision 0044), so a phone shows its number pad and the
 * field takes no more than 4 characters.
 */
export const VIN_INPUT = { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } } } as const;

/** What the invalid-phone message shows as an example of what is expected. */
export const PHONE_EXAMPLE = '+1 512 555 0199';

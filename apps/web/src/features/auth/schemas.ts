/**
 * The sign-in screens' schemas, fetched with zod when a form is first used (lazyContractResolver), not with the
 * screens: the first screen carries no schema (decision 0017).
 */
export {
  acceptInvitationBody,
  forgotPasswordBody,
  loginBody,
  loginTwoFactorBody,
  resetPasswordBody,
} from '@parkade/contract';

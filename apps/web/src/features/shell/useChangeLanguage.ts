import type { LanguageCode } from '@parkade/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { applyLanguage } from '../../platform/language';
import { updateSessionUser, type Bootstrap } from '../../platform/session';
import { useLanguageStore } from '../../platform/stores';
import { toast } from '../../ui/toast';

/**
 * The signed-in user's language switch (SPEC §7): the screen changes at once, PUT /auth/language saves it as the
 * user's language, and a failure puts the previous language back and says why.
 */
export function useChangeLanguage() {
  return useMutation<
    { user: Bootstrap['user']; message: string },
    RequestError,
    LanguageCode,
    { previous: LanguageCode }
  >({
    mutationFn: (language) => send('PUT', '/auth/language', { language }),
    onMutate: (language) => {
      const previous = useLanguageStore.getState().currentLanguage;
      void applyLanguage(language);
      return { previous };
    },
    onSuccess: (answer) => {
      updateSessionUser({ language: answer.user.language });
      toast.success(answer.message);
    },
    onError: (error, _language, context) => {
      if (context) void applyLanguage(context.previous);
      toast.error(error.message);
    },
  });
}

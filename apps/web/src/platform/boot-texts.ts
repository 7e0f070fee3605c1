import type { Language } from '@parkade/contract';

/**
 * The few texts the app shows before — or without — a dictionary: the loading screen and the screen that says a
 * screen could not be loaded, with its retry (decision 0039 §2). They ship inside the entry chunk and are laid into
 * i18next at start (i18n.ts), so when nothing else can be fetched (no signal, a file missing) the user still reads
 * what happened, in their language, never a key. Copies of the translation files' texts; boot-texts.test.ts keeps
 * them equal.
 */
export const BOOT_TEXTS: Record<Language, Record<string, string>> = {
  en: {
    'shell.loading': 'Loading…',
    'shell.retry': 'Retry',
    'shell.screenError': 'This screen could not be shown',
    'shell.filesUnavailable':
      "The app's files for this screen could not be loaded. Check your connection and try again.",
    'errors.unknown': 'An error occurred',
  },
  es: {
    'shell.loading': 'Cargando…',
    'shell.retry': 'Reintentar',
    'shell.screenError': 'No se pudo mostrar esta pantalla',
    'shell.filesUnavailable':
      'No se pudieron cargar los archivos de esta pantalla. Compruebe su conexión e inténtelo de nuevo.',
    'errors.unknown': 'Ocurrió un error',
  },
  zh: {
    'shell.loading': '加载中…',
    'shell.retry': '重试',
    'shell.screenError': '无法显示此页面',
    'shell.filesUnavailable': '无法加载此页面的文件。请检查网络连接后重试。',
    'errors.unknown': '发生错误',
  },
};

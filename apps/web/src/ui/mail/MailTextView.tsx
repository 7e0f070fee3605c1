import type { RenderedMail } from '@parkade/contract';
import { Box, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { ReadOnlyField } from '../fields';
import { MailPreview } from './MailPreview';

/**
 * A saved mail text, read: its subject and body as written (variables and all) beside the mail as it is sent (below
 * on phones). `header` goes over the text, `children` under it (the variables a mail offers); `hint` says whose values the preview shows.
 */
export function MailTextView({
  text,
  preview,
  hint,
  header,
  children,
}: {
  text: { subject: string; body: string };
  preview: UseQueryResult<RenderedMail, RequestError>;
  hint?: string;
  /** Over the text (whose it is, when it changed). */
  header?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
        {header}
        <ReadOnlyField label={t('emailTemplates.subject')}>{text.subject}</ReadOnlyField>
        <ReadOnlyField label={t('emailTemplates.body')}>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
            {text.body}
          </Box>
        </ReadOnlyField>
        {children}
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <MailPreview mail={preview.data} loading={preview.isFetching} error={preview.error} hint={hint} />
      </Box>
    </Stack>
  );
}

import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { RecordPicker, type RecordOption } from '../../ui/fields';
import { optionText } from '../../ui/fields/RecordInput';
import { languageName } from '../../ui/LanguageTabs';
import { useUiLocale } from '../../ui/locale';
import { MailPreview } from '../../ui/mail/MailPreview';
import { PICK, type SendPreview } from './queries';
import { fileSize } from './sending';

/**
 * The mail as a resident gets it: as the one chosen (their name, unit and building in place of the variables), or
 * with the sample values, in the language of the tab open above, with the files it carries. MailPreview gives the
 * section its heading.
 */
export function PreviewSection({
  language,
  resident,
  onResident,
  preview,
  paused,
  empty,
}: {
  language: string;
  resident: RecordOption | null;
  onResident: (resident: RecordOption | null) => void;
  preview: { data: SendPreview | undefined; isFetching: boolean; error: RequestError | null };
  /** The tab's text has errors: the preview shown is the last one made. */
  paused: boolean;
  /** Nothing is written yet, in any language. */
  empty: boolean;
}) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const hint = resident
    ? t('emailsSender.previewAs', { name: resident.label, language: languageName(language) })
    : t('emailsSender.previewSample', { language: languageName(language) });
  const files = preview.data?.attachments ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <MailPreview
        mail={preview.data}
        loading={preview.isFetching}
        error={preview.error}
        paused={paused}
        hint={hint}
        controls={
          <Box sx={{ maxWidth: 480 }}>
            <RecordPicker
              resource={PICK.residents.path}
              sort="label"
              label={t('emailsSender.previewResident')}
              helperText={t('emailsSender.previewResidentHint')}
              optionLabel={optionText}
              value={resident}
              onChange={(v) =>
                onResident(v ? { id: v.id, label: v.row ? String(v.row.label) : v.label } : null)
              }
            />
            {empty && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t('emailsSender.previewEmpty')}
              </Typography>
            )}
          </Box>
        }
      >
        {files.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('emailsSender.attachments')}
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {files.map((f) => (
                <Stack component="li" key={f.name} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <AttachFileIcon aria-hidden fontSize="small" color="action" />
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {f.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {fileSize(f.size, intlLocale)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Box>
        )}
      </MailPreview>
    </Paper>
  );
}

import {
  BULK_ATTACHMENTS_MAX,
  DOCUMENT_KIND_KEYS,
  documentKindLabel,
  type DocumentKind,
} from '@parkade/contract';
import { Checkbox, FormControlLabel, FormGroup, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The property's documents a mail may carry, as PDF files (at most BULK_ATTACHMENTS_MAX). */
export function AttachmentsSection({
  value,
  onChange,
}: {
  value: DocumentKind[];
  onChange: (value: DocumentKind[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const full = value.length >= BULK_ATTACHMENTS_MAX;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('emailsSender.attachments')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('emailsSender.attachmentsHint', { max: BULK_ATTACHMENTS_MAX })}
      </Typography>
      <FormGroup aria-labelledby={headingId}>
        {DOCUMENT_KIND_KEYS.map((kind) => {
          const on = value.includes(kind);
          return (
            <FormControlLabel
              key={kind}
              control={
                <Checkbox
                  checked={on}
                  disabled={!on && full}
                  onChange={(e) =>
                    onChange(
                      e.target.checked
                        ? DOCUMENT_KIND_KEYS.filter((k) => k === kind || value.includes(k))
                        : value.filter((k) => k !== kind),
                    )
                  }
                />
              }
              label={t(documentKindLabel(kind))}
            />
          );
        })}
      </FormGroup>
    </Paper>
  );
}

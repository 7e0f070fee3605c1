import type { ResidentImportStatus } from '@parkade/contract';
import { Alert, Box, Checkbox, FormControlLabel, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { SpreadsheetImportDialog } from '../../ui/SpreadsheetImportDialog';
import { toast } from '../../ui/toast';

const POLL_MS = 700;
const FINISHED = ['done', 'rejected', 'failed'];

/**
 * Residents import (SPEC §2.5, §4): the template, one .xlsx, then a progress bar that follows the background job
 * (GET /residents/import-status/{id}) until it ends: how many were imported, or every refused row with its reasons
 * (nothing is imported then), or why the file was refused.
 */
export function ImportResidentsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const hintId = useId();
  const [importId, setImportId] = useState<number | null>(null);
  const [sendLinks, setSendLinks] = useState(false);

  const status = useQuery<ResidentImportStatus, RequestError>({
    queryKey: ['/residents/import-status', importId],
    queryFn: () => get<ResidentImportStatus>(`/residents/import-status/${importId}`),
    enabled: importId !== null,
    refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.state) ? false : POLL_MS),
  });
  const s = status.data;
  const finished = !!s && FINISHED.includes(s.state);

  useEffect(() => {
    if (s?.state === 'done') {
      toast.success(t('residents.import.done', { count: s.imported }));
      void client.invalidateQueries({ queryKey: ['/residents'] });
    }
  }, [s?.state]);

  const percent =
    s?.state === 'done' ? 100 : s && s.rowsTotal > 0 ? Math.round((100 * s.rowsDone) / s.rowsTotal) : 0;
  return (
    <SpreadsheetImportDialog<{ id: number }>
      texts="residents.import"
      template={{ path: '/residents/template', fileName: 'residents-template.xlsx' }}
      uploadPath="/residents/import"
      fileTestId="residents-import-file"
      onUploaded={(answer) => setImportId(answer.id)}
      onReset={() => setImportId(null)}
      fields={{ sendLinks: sendLinks ? '1' : '0' }}
      options={
        <FormControlLabel
          sx={{ alignItems: 'flex-start' }}
          control={
            <Checkbox
              sx={{ mt: -1 }}
              checked={sendLinks}
              onChange={(e) => setSendLinks(e.target.checked)}
              disabled={importId !== null && !finished}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label={
            <>
              {t('residents.import.sendLinks')}
              <Typography
                id={hintId}
                variant="body2"
                color="text.secondary"
                component="span"
                sx={{ display: 'block' }}
              >
                {t('residents.import.sendLinksHint')}
              </Typography>
            </>
          }
        />
      }
      busy={importId !== null && !finished && !status.isError}
      progress={
        importId !== null &&
        s &&
        s.state !== 'failed' && (
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }} aria-live="polite">
              {t(`residents.import.state.${s.state}`, { done: s.rowsDone, total: s.rowsTotal })}
            </Typography>
            <LinearProgress
              variant={s.rowsTotal || finished ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label={t('residents.import.progress')}
              aria-valuetext={`${s.rowsDone} / ${s.rowsTotal}`}
            />
          </Box>
        )
      }
      outcome={
        <>
          {status.isError && <Alert severity="error">{status.error.message}</Alert>}
          {s?.state === 'done' && (
            <Alert severity="success">
              {t(s.sendLinks ? 'residents.import.summaryLinks' : 'residents.import.summary', {
                count: s.imported,
                file: s.fileName,
              })}
            </Alert>
          )}
          {s?.state === 'failed' && <Alert severity="error">{s.message}</Alert>}
        </>
      }
      rejected={s?.state === 'rejected' ? { rows: s.rejected, total: s.rowsTotal } : null}
      onClose={onClose}
    />
  );
}

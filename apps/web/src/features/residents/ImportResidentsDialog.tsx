import type { ResidentImportStatus } from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download, get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
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
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);

  const status = useQuery<ResidentImportStatus, RequestError>({
    queryKey: ['/residents/import-status', importId],
    queryFn: () => get<ResidentImportStatus>(`/residents/import-status/${importId}`),
    enabled: importId !== null,
    refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.state) ? false : POLL_MS),
  });
  const s = status.data;
  const finished = !!s && FINISHED.includes(s.state);
  const running = uploading || (importId !== null && !finished && !status.isError);

  useEffect(() => {
    if (s?.state === 'done') {
      toast.success(t('residents.import.done', { count: s.imported }));
      void client.invalidateQueries({ queryKey: ['/residents'] });
    }
  }, [s?.state]);

  const choose = (f: File | null) => {
    setImportId(null);
    setError(null);
    if (f && !f.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setError(t('upload.spreadsheetOnly', { types: 'xlsx' }));
      return;
    }
    setFile(f);
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setError(null);
    setImportId(null);
    try {
      const fd = new FormData();
      fd.append('file', file, file.name);
      const res = await api().post<{ id: number }>('/residents/import', fd);
      setImportId(res.data.id);
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.file?.[0] ?? err.message);
    } finally {
      setUploading(false);
    }
  };

  const percent =
    s?.state === 'done' ? 100 : s && s.rowsTotal > 0 ? Math.round((100 * s.rowsDone) / s.rowsTotal) : 0;
  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{t('residents.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('residents.import.intro')}</Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void download('/residents/template', 'residents-template.xlsx').catch((e: Error) =>
                  toast.error(e.message),
                )
              }
            >
              {t('residents.import.template')}
            </Button>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component="label" variant="contained" htmlFor={inputId} disabled={running}>
              {t('residents.import.choose')}
              <input
                id={inputId}
                data-testid="residents-import-file"
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t('residents.import.noFile')}
            </Typography>
          </Stack>
          {uploading && <LinearProgress aria-label={t('residents.import.uploading')} />}
          {importId !== null && s && s.state !== 'failed' && (
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
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {status.isError && <Alert severity="error">{status.error.message}</Alert>}
          {s?.state === 'done' && (
            <Alert severity="success">
              {t('residents.import.summary', { count: s.imported, file: s.fileName })}
            </Alert>
          )}
          {s?.state === 'failed' && <Alert severity="error">{s.message}</Alert>}
          {s?.state === 'rejected' && (
            <>
              <Alert severity="warning">
                {t('residents.import.rejected', { count: s.rejected.length, total: s.rowsTotal })}
              </Alert>
              <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                <Table size="small" stickyHeader aria-label={t('residents.import.rejectedRows')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('residents.import.row')}</TableCell>
                      <TableCell>{t('residents.import.column')}</TableCell>
                      <TableCell>{t('residents.import.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {s.rejected.flatMap((r) =>
                      r.errors.map((e, i) => (
                        <TableRow key={`${r.row}-${i}`}>
                          <TableCell>{r.row}</TableCell>
                          <TableCell>{e.field}</TableCell>
                          <TableCell>{e.message}</TableCell>
                        </TableRow>
                      )),
                    )}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('form.close')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || running}>
          {t('residents.import.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { type UnitsImportResult } from '@parkade/contract';
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
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { toast } from '../../ui/toast';

/**
 * Units import (SPEC §2.5): the template, one .xlsx, and the answer: what was created, or every refused row with
 * its reasons (nothing is imported then), or why the file itself was refused.
 */
export function ImportUnitsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UnitsImportResult | null>(null);

  const choose = (f: File | null) => {
    setResult(null);
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
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const fd = new FormData();
      fd.append('file', file, file.name);
      const res = await api().post<UnitsImportResult>('/units/import', fd);
      setResult(res.data);
      if (res.data.imported > 0) {
        toast.success(t('units.import.done', { count: res.data.imported }));
        void client.invalidateQueries({ queryKey: ['/units'] });
        void client.invalidateQueries({ queryKey: ['/buildings'] });
      }
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.file?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{t('units.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('units.import.intro')}</Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void download('/units/template', 'units-template.xlsx').catch((e: Error) =>
                  toast.error(e.message),
                )
              }
            >
              {t('units.import.template')}
            </Button>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component="label" variant="contained" htmlFor={inputId}>
              {t('units.import.choose')}
              <input
                id={inputId}
                data-testid="units-import-file"
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t('units.import.noFile')}
            </Typography>
          </Stack>
          {busy && <LinearProgress aria-label={t('units.import.uploading')} />}
          {error && <Alert severity="error">{error}</Alert>}
          {result && result.imported > 0 && (
            <Alert severity="success">
              {t('units.import.summary', {
                units: result.imported,
                buildings: result.buildingsCreated,
                floors: result.floorsCreated,
              })}
            </Alert>
          )}
          {result && result.rejected.length > 0 && (
            <>
              <Alert severity="warning">
                {t('units.import.rejected', { count: result.rejected.length, total: result.total })}
              </Alert>
              <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                <Table size="small" stickyHeader aria-label={t('units.import.rejectedRows')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('units.import.row')}</TableCell>
                      <TableCell>{t('units.import.column')}</TableCell>
                      <TableCell>{t('units.import.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.rejected.flatMap((r) =>
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
        <Button onClick={onClose} disabled={busy}>
          {t('form.close')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || busy}>
          {t('units.import.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { ImportReject } from '@parkade/contract';
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
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../platform/api';
import type { RequestError } from '../platform/errors';
import { toast } from './toast';

/** What the file picker takes: the spreadsheet upload policy's one type (the server checks the bytes again). */
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SpreadsheetImportDialogProps<Answer> {
  /**
   * Where the dialog's texts are: `<texts>.title`, `.intro`, `.template`, `.choose`, `.noFile`, `.upload`,
   * `.uploading`, `.rejected` ({{count}} of {{total}}), `.rejectedRows`, `.row`, `.column`, `.reason`.
   */
  texts: string;
  /** The template's API path and the name it is saved under. */
  template: { path: string; fileName: string };
  /** The import's API path: the file is POSTed there as the multipart field `file`. */
  uploadPath: string;
  /** The file input's test id (end-to-end tests set the file on it). */
  fileTestId: string;
  /** The server's answer to the upload. */
  onUploaded: (answer: Answer) => void;
  /** A new file was chosen or an upload starts: forget the previous outcome. */
  onReset: () => void;
  /** The import's options (switches under the file), and the text fields they add to the upload. */
  options?: ReactNode;
  fields?: Record<string, string>;
  /** The import's own work still running after the upload (a job followed): no new file, no closing. */
  busy?: boolean;
  /** Shown under the upload's progress bar (a job's progress). */
  progress?: ReactNode;
  /** Shown under the error, above the refused rows (what was imported, why the import stopped). */
  outcome?: ReactNode;
  /** The refused rows and the number of rows read, once the server refused the file's rows (nothing imported). */
  rejected?: { rows: ImportReject[]; total: number } | null;
  onClose: () => void;
}

/**
 * The dialog of a spreadsheet import (residents, units): the template to download, one .xlsx file chosen (any other
 * type refused before it is sent), the upload with its progress bar, the server's refusal of the file, and the
 * refused rows with the column and the reason for each. What the import answers and how it goes on after the upload
 * (a job and its progress, what was created) is the caller's.
 */
export function SpreadsheetImportDialog<Answer>({
  texts,
  template,
  uploadPath,
  fileTestId,
  onUploaded,
  onReset,
  options,
  fields,
  busy = false,
  progress,
  outcome,
  rejected,
  onClose,
}: SpreadsheetImportDialogProps<Answer>) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = uploading || busy;

  const choose = (f: File | null) => {
    onReset();
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
    onReset();
    try {
      const fd = new FormData();
      for (const [name, value] of Object.entries(fields ?? {})) fd.append(name, value);
      fd.append('file', file, file.name);
      const res = await (await api()).post<Answer>(uploadPath, fd);
      onUploaded(res.data);
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.file?.[0] ?? err.message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{t(`${texts}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t(`${texts}.intro`)}</Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void download(template.path, template.fileName).catch((e: Error) => toast.error(e.message))
              }
            >
              {t(`${texts}.template`)}
            </Button>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component="label" variant="contained" htmlFor={inputId} disabled={running}>
              {t(`${texts}.choose`)}
              <input
                id={inputId}
                data-testid={fileTestId}
                type="file"
                hidden
                accept={XLSX_ACCEPT}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t(`${texts}.noFile`)}
            </Typography>
          </Stack>
          {options}
          {uploading && <LinearProgress aria-label={t(`${texts}.uploading`)} />}
          {progress}
          {error && <Alert severity="error">{error}</Alert>}
          {outcome}
          {rejected && <RejectedRows texts={texts} rows={rejected.rows} total={rejected.total} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('form.close')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || running}>
          {t(`${texts}.upload`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Nothing was imported: every refused row, a line per problem (row, column, reason). */
function RejectedRows({ texts, rows, total }: { texts: string; rows: ImportReject[]; total: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="warning">{t(`${texts}.rejected`, { count: rows.length, total })}</Alert>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t(`${texts}.rejectedRows`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${texts}.row`)}</TableCell>
              <TableCell>{t(`${texts}.column`)}</TableCell>
              <TableCell>{t(`${texts}.reason`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.flatMap((r) =>
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
  );
}

import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  MAX_PAGE_SIZE,
  REQUEST_SUBJECT_MAX,
  REQUEST_TEXT_MAX,
  type ListResponse,
  type OptionItem,
  type OptionsRead,
  type RequestItem,
} from '@parkade/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import { useLanguageStore } from '../../platform/stores';
import { RecordPicker, type RecordOption } from '../../ui/fields';
import { optionText } from '../../ui/fields/RecordInput';
import { fieldErrorsOf } from '../../ui/form';
import { FilesPicker, postForm } from './RequestThread';

const FIELDS = ['residentId', 'typeId', 'subject', 'description', 'files'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * The request types (the catalog, in the reader's language and the catalog's order) read from `path`: the
 * requester's `…/types`, or the requests form's options read. A handful: read whole, once per language.
 */
export function useRequestTypes(path: string) {
  const lang = useLanguageStore((s) => s.currentLanguage);
  return useQuery({
    // Under the path, as a list (a write to the catalog refreshes options reads), in the reader's language.
    queryKey: [path, 'list', { pageSize: MAX_PAGE_SIZE, lang }],
    queryFn: () => get<ListResponse<OptionItem>>(path, { pageSize: String(MAX_PAGE_SIZE) }),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
  }).data;
}

/**
 * The new-request form in a dialog (full screen on a phone): a type, a subject, what is asked, and files under the
 * upload policy. One piece for both sides of decision 0049: the requester's own (`/my/requests`, `/my-requests`) and
 * staff writing down a resident's request made by phone or at the desk (`POST /requests`), who pick the resident
 * first (`residents`: the requests form's options read). `onCreated` gets the new request (its page opens there).
 */
export function NewRequestDialog({
  api,
  open,
  onClose,
  onCreated,
  residents,
  types,
  title,
}: {
  api: string;
  /** Where the types are read (a requester's `${api}/types`, the desk's options read). */
  types: string;
  open: boolean;
  onClose: () => void;
  onCreated: (made: RequestItem) => void;
  residents?: OptionsRead<'residents'>;
  /** The dialog's title (default "New request"). */
  title?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [resident, setResident] = useState<RecordOption | null>(null);
  const [type, setType] = useState('');
  const typeOptions = useRequestTypes(types);
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setResident(null);
    setType('');
    setSubject('');
    setDescription('');
    setFiles([]);
    setErrors({});
    setProblem(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const submit = async () => {
    const missing: Errors = {};
    if (residents && !resident) missing.residentId = t('validation.required');
    if (!type) missing.typeId = t('validation.required');
    if (!subject.trim()) missing.subject = t('validation.required');
    if (!description.trim()) missing.description = t('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setProblem(null);
    try {
      const fields: Record<string, string> = { typeId: type, subject, description };
      if (residents && resident) fields.residentId = String(resident.id);
      const made = await postForm(api, fields, files);
      reset();
      onCreated(made);
    } catch (e) {
      const { fields, problem } = fieldErrorsOf(e, FIELDS);
      setErrors(fields);
      setProblem(problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{title ?? t('requests.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          {residents && (
            <RecordPicker
              resource={residents.path}
              label={t('requests.resident')}
              helperText={t('requests.residentHint')}
              value={resident}
              onChange={setResident}
              optionLabel={optionText}
              sort="label"
              required
              error={errors.residentId}
            />
          )}
          <TextField
            select
            label={t('requests.typeLabel')}
            value={typeOptions ? type : ''}
            onChange={(e) => setType(e.target.value)}
            error={Boolean(errors.typeId)}
            helperText={errors.typeId}
            required
          >
            {(typeOptions ?? []).map((x) => (
              <MenuItem key={x.id} value={String(x.id)}>
                {x.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('requests.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={Boolean(errors.subject)}
            helperText={errors.subject}
            slotProps={{ htmlInput: { maxLength: REQUEST_SUBJECT_MAX } }}
            required
          />
          <TextField
            label={t('requests.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description ?? t('requests.descriptionHint')}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX } }}
            required
          />
          <FilesPicker files={files} onChange={setFiles} />
          {errors.files && (
            <Typography color="error" variant="body2" role="alert">
              {errors.files}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t('requests.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

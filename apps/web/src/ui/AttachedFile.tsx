import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useId } from 'react';

/** The file types the platform's upload policy takes for a record's documents (server: the `files` policy). */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp';

/**
 * One document slot of a record (a vehicle's plates photo or insurance, a permit's file): its label, the file's
 * name as a link that opens it (or the empty text), and — for whoever may change it — a button that picks a new
 * file (replacing the old one) and, when `onRemove` is given, one that removes it.
 */
export function AttachedFileRow({
  label,
  file,
  emptyText,
  onOpen,
  onChoose,
  onRemove,
  canEdit,
  busy,
  texts,
}: {
  label: string;
  file: { name: string } | null;
  emptyText: string;
  onOpen: () => void;
  onChoose: (file: File) => void;
  onRemove?: () => void;
  canEdit: boolean;
  busy: boolean;
  texts: { upload: string; replace: string; remove?: string };
}) {
  const inputId = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Typography sx={{ minWidth: 160, fontWeight: 500 }}>{label}</Typography>
      <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {file ? (
          <Link
            component="button"
            type="button"
            onClick={onOpen}
            sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
          >
            {file.name}
          </Link>
        ) : (
          emptyText
        )}
      </Typography>
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={busy}
            htmlFor={inputId}
          >
            {file ? texts.replace : texts.upload}
            <input
              id={inputId}
              type="file"
              hidden
              accept={DOCUMENT_ACCEPT}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (chosen) onChoose(chosen);
              }}
            />
          </Button>
          {file && onRemove && texts.remove && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              onClick={onRemove}
            >
              {texts.remove}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

import {
  TRANSLATION_CHANGE_KINDS,
  type TranslationChange,
  type TranslationChangeKind,
  type TranslationError,
} from '@parkade/contract';
import {
  Alert,
  Box,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../ui/LanguageTabs';

const PAGE_SIZES = [25, 50, 100];

/** A text as a cell shows it: long texts wrap anywhere, an empty one is a dash. */
const textCell = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', minWidth: 160 } as const;

/**
 * The previewed changes (SPEC §2.5's detailed changes): row, key, language, kind, before → after; filtered by
 * language and kind, a page at a time.
 */
export function PreviewTable({ changes }: { changes: TranslationChange[] }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('');
  const [kind, setKind] = useState<TranslationChangeKind | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const languages = useMemo(() => [...new Set(changes.map((c) => c.language))], [changes]);
  const shown = useMemo(
    () => changes.filter((c) => (!language || c.language === language) && (!kind || c.kind === kind)),
    [changes, language, kind],
  );
  const count = (l: string, k: string) =>
    changes.filter((c) => (!l || c.language === l) && (!k || c.kind === k)).length;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('translations.preview.language')}
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('translations.preview.all', { count: count('', kind) })}</MenuItem>
          {languages.map((l) => (
            <MenuItem key={l} value={l}>
              {`${languageName(l)} (${count(l, kind)})`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('translations.preview.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as TranslationChangeKind | '');
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('translations.preview.all', { count: count(language, '') })}</MenuItem>
          {TRANSLATION_CHANGE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {`${t(`translations.kind.${k}`)} (${count(language, k)})`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('translations.preview.changes')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('translations.preview.row')}</TableCell>
              <TableCell>{t('translations.preview.key')}</TableCell>
              <TableCell>{t('translations.preview.language')}</TableCell>
              <TableCell>{t('translations.preview.kind')}</TableCell>
              <TableCell>{t('translations.preview.before')}</TableCell>
              <TableCell>{t('translations.preview.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.slice(page * pageSize, (page + 1) * pageSize).map((c) => (
              <TableRow key={`${c.key} ${c.language}`}>
                <TableCell>{c.row}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{c.key}</TableCell>
                <TableCell>{c.language}</TableCell>
                <TableCell>{t(`translations.kind.${c.kind}`)}</TableCell>
                <TableCell sx={textCell}>{c.old || '—'}</TableCell>
                <TableCell sx={textCell}>{c.new || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={shown.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('translations.preview.perPage')}
      />
    </Stack>
  );
}

/** What is wrong with the file, by row: nothing can be applied until it is fixed. */
export function PreviewErrors({ errors }: { errors: TranslationError[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Alert severity="error">{t('translations.preview.errors', { count: errors.length })}</Alert>
      <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t('translations.preview.errorsTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('translations.preview.row')}</TableCell>
              <TableCell>{t('translations.preview.key')}</TableCell>
              <TableCell>{t('translations.preview.language')}</TableCell>
              <TableCell>{t('translations.preview.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={i}>
                <TableCell>{e.row}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.key ?? '—'}</TableCell>
                <TableCell>{e.language ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

import type { LanguageCodeItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { ShareBar } from '../../ui/ShareBar';
import { QueryError } from '../../ui/QueryError';
import { useIntlLocale } from '../../ui/locale';
import { LanguageCodeDialog } from './LanguageCodeDialog';

/** Columns a phone leaves out (the name in English and the direction are in the edit dialog). */
const WIDE = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * /language-codes (SPEC §2.5 "a language codes view", central; decision 0051): the languages the product offers,
 * each with its names, its direction, whether it is offered, and how much of the interface it has texts for (the
 * rest shows in English). Adding a language gives it a column in the translations template.
 */
export function LanguageCodesPage() {
  const { t } = useTranslation();
  const canEdit = useCan()('language-codes.edit');
  const percent = new Intl.NumberFormat(useIntlLocale(), { maximumFractionDigits: 1 });
  const list = useQuery<LanguageCodeItem[], RequestError>({
    queryKey: ['/language-codes'],
    queryFn: () => get<LanguageCodeItem[]>('/language-codes'),
  });
  const [editing, setEditing] = useState<LanguageCodeItem | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title={t('languageCodes.pageTitle')}
        subtitle={t('languageCodes.subtitle')}
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('languageCodes.add')}
            </Button>
          ) : undefined
        }
      />
      {list.error && <QueryError error={list.error} retry={() => list.refetch()} />}
      {list.isPending && <LinearProgress aria-label={t('shell.loading')} />}
      {list.data && (
        <Card>
          <TableContainer>
            <Table aria-label={t('languageCodes.pageTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('languageCodes.code')}</TableCell>
                  <TableCell sx={WIDE}>{t('languageCodes.name')}</TableCell>
                  <TableCell>{t('languageCodes.nativeName')}</TableCell>
                  <TableCell sx={WIDE}>{t('languageCodes.direction')}</TableCell>
                  <TableCell>{t('languageCodes.active')}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{t('languageCodes.coverage')}</TableCell>
                  {canEdit && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((l) => (
                  <TableRow key={l.code}>
                    <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{l.code}</TableCell>
                    <TableCell sx={WIDE}>{l.name}</TableCell>
                    <TableCell lang={l.code} dir={l.direction}>
                      {l.nativeName}
                    </TableCell>
                    <TableCell sx={WIDE}>{t(`languageCodes.direction.${l.direction}`)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={l.active ? 'success' : 'default'}
                        label={t(l.active ? 'languageCodes.offered' : 'languageCodes.notOffered')}
                      />
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <ShareBar percent={l.coverage} flex={1} />
                        <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'end' }}>
                          {percent.format(l.coverage)}%
                        </Typography>
                      </Box>
                      {!l.shipped && l.coverage < 100 && (
                        <Typography variant="caption" color="text.secondary">
                          {t('languageCodes.fallback')}
                        </Typography>
                      )}
                    </TableCell>
                    {canEdit && (
                      <TableCell align="right">
                        <Tooltip title={t('languageCodes.editTitle', { name: l.name })}>
                          <IconButton
                            aria-label={t('languageCodes.editTitle', { name: l.name })}
                            onClick={() => setEditing(l)}
                          >
                            <EditIcon />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      {editing && (
        <LanguageCodeDialog language={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

import type { TenantHost } from '@parkade/contract';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Chip,
  IconButton,
  InputAdornment,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import { AppLink } from '../../ui/AppLink';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

/** /tenants (central): which host names reach which property — its subdomain and its own domains. */
export function TenantsPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const q = useQuery({
    queryKey: ['/tenants', term],
    queryFn: () => get<{ data: TenantHost[] }>('/tenants', term ? { 'filter[term]': term } : undefined),
  });
  const copy = (host: string) =>
    void writeClipboard(host).then((copied) =>
      copied ? toast.success(t('tenants.copied', { host })) : toast.error(t('tenants.copyFailed')),
    );
  return (
    <>
      <PageHeader title={t('tenants.title')} subtitle={t('tenants.intro')} />
      <TextField
        type="search"
        label={t('list.search')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {q.isError ? (
        <Alert severity="error">{q.error.message}</Alert>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={t('tenants.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tenants.host')}</TableCell>
                <TableCell>{t('tenants.kind')}</TableCell>
                <TableCell>{t('tenants.property')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(q.data?.data ?? []).map((h) => (
                <TableRow key={h.host}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                      {h.host}
                    </Typography>
                    <Tooltip title={t('tenants.copy')}>
                      <IconButton
                        size="small"
                        aria-label={t('tenants.copyHost', { host: h.host })}
                        onClick={() => copy(h.host)}
                      >
                        <CopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`tenants.kinds.${h.kind}`)}
                      variant={h.kind === 'subdomain' ? 'filled' : 'outlined'}
                    />
                  </TableCell>
                  <TableCell>
                    <AppLink href={`/properties/${h.propertyId}/show`}>{h.name}</AppLink>
                    {!h.active && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        ({t('tenants.inactive')})
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {q.data && q.data.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography color="text.secondary">{t('list.noResults')}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../platform/stores';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * The ten recovery codes, shown once: copy them, download them as a text file, and say they are saved before
 * going on (the server never shows them again).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const account = user?.email ?? user?.username ?? user?.fullName ?? '';
  const text = [t('twoFactor.codes.fileHeader', { account }), '', ...codes, ''].join('\n');

  const copy = () =>
    void writeClipboard(text).then((copied) =>
      copied ? toast.success(t('twoFactor.codes.copied')) : toast.error(t('twoFactor.codes.copyFailed')),
    );
  const download = () => {
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = 'parkade-recovery-codes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };

  return (
    <Stack spacing={2.5} component="section" aria-labelledby={titleId}>
      <Box>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('twoFactor.codes.title')}
        </Typography>
        <Alert severity="warning">{t('twoFactor.codes.intro')}</Alert>
      </Box>
      <Box
        component="ul"
        aria-label={t('twoFactor.codes.listLabel')}
        data-testid="recovery-codes"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: MONO,
          fontSize: { xs: '0.95rem', sm: '1.05rem' },
          textAlign: 'center',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={copy}>
          {t('twoFactor.codes.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          {t('twoFactor.codes.download')}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
        label={t('twoFactor.codes.saved')}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          {t('twoFactor.codes.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

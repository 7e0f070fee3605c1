import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, languageCodesQueryOptions } from '../../platform/language';
import { DEFAULT_LANGUAGE, isLanguage } from '@parkade/contract';
import { LanguageMenu } from '../shell/LanguageMenu';

/**
 * The frame of the public screens (sign in, forgot and reset password): the product's side panel on wide screens,
 * the form card, and a language switch over the area's languages (nothing is saved: no one is signed in yet).
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // The language shown (i18next's), not the one asked for: the same on the server that draws this frame and in
  // the browser that takes it over (decision 0050), where a stored store's first snapshot may differ.
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { data: languages } = useQuery(languageCodesQueryOptions());
  const points = ['shell.brand.point1', 'shell.brand.point2', 'shell.brand.point3'];
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: { md: 440, lg: 520 },
          flexShrink: 0,
          p: 6,
          color: '#fff',
          background: 'linear-gradient(160deg, #0d47a1 0%, #1565c0 55%, #1e88e5 100%)',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            component="img"
            src="/logo.svg"
            alt=""
            width={44}
            height={44}
            sx={{ borderRadius: 2, boxShadow: '0 0 0 2px rgba(255,255,255,0.35)' }}
          />
          <Typography component="p" sx={{ fontSize: 24, fontWeight: 700, letterSpacing: 0.2 }}>
            Parkade
          </Typography>
        </Stack>
        <Box>
          <Typography component="p" sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.25, mb: 3 }}>
            {t('shell.brand.tagline')}
          </Typography>
          <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {points.map((key) => (
              <Stack component="li" key={key} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <CheckCircleOutlined aria-hidden="true" sx={{ color: 'secondary.main', mt: '2px' }} />
                <Typography sx={{ color: 'rgba(255,255,255,0.92)' }}>{t(key)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.8)' }}>
          © {new Date().getFullYear()} Parkade
        </Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Stack
          component="header"
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 3 },
            py: 1.5,
            minHeight: 64,
          }}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', display: { xs: 'flex', md: 'none' } }}
          >
            <Box component="img" src="/logo.svg" alt="" width={32} height={32} />
            <Typography component="p" sx={{ fontWeight: 700, fontSize: 18 }}>
              Parkade
            </Typography>
          </Stack>
          <Box sx={{ ml: 'auto' }}>
            <LanguageMenu
              languages={languages ?? []}
              value={language}
              onChange={(lng) => void applyLanguage(lng)}
              color="primary"
            />
          </Box>
        </Stack>
        <Box
          component="main"
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            px: 2,
            pb: 6,
            pt: 1,
          }}
        >
          <Paper
            sx={{
              width: '100%',
              maxWidth: 440,
              p: { xs: 3, sm: 4.5 },
              boxShadow: '0 8px 32px rgba(16,42,84,0.08)',
            }}
          >
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}

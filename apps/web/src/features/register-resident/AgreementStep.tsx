import type { PublicResident } from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocView } from '../../ui/rich-text/DocView';
import { send } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { toast } from '../../ui/toast';
import { DownloadAgreement } from './DownloadAgreement';
import { residentKey, scrolledToEnd, signatureProblem } from './register';
import { SignaturePad } from './SignaturePad';

/**
 * Step 2: the agreement in a scrollable box; "Sign" is enabled once its end was shown. The terms must be agreed to
 * and a signature drawn (both checked here before sending).
 */
export function AgreementStep({
  resident,
  token,
  onBack,
}: {
  resident: PublicResident;
  token: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const boxRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const titleId = useId();
  const [read, setRead] = useState(false);
  const [agree, setAgree] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ agree?: string; signature?: string }>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = useCallback(() => {
    const box = boxRef.current;
    if (box && scrolledToEnd(box)) setRead(true);
  }, []);
  // A text that fits without scrolling counts as read; so does one the box grew to show whole (zoom, rotation).
  useEffect(() => {
    check();
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [check, resident.agreement.text]);

  const sign = async () => {
    setGeneral(null);
    const problem = signatureProblem(signature);
    const next = {
      agree: agree ? undefined : 'register.agreeRequired',
      signature: problem ?? undefined,
    };
    setErrors(next);
    if (next.agree || next.signature || !signature) return;
    setSubmitting(true);
    try {
      const answer = await send<PublicResident>(
        'PUT',
        `/public/residents/agreement/signature/${resident.id}?token=${encodeURIComponent(token)}`,
        { signature, agree: true },
      );
      queryClient.setQueryData(residentKey(token), answer);
    } catch (err) {
      if (err instanceof RequestError && err.statusCode === 409) {
        // Signed already (another tab, another device): show what is signed.
        toast.info(err.message);
        await queryClient.invalidateQueries({ queryKey: residentKey(token) });
        return;
      }
      if (err instanceof RequestError) {
        const own = {
          agree: err.errors.agree?.[0],
          signature: err.errors.signature?.[0],
        };
        if (own.agree || own.signature) setErrors(own);
        const others = Object.entries(err.errors)
          .filter(([k]) => k !== 'agree' && k !== 'signature')
          .flatMap(([, m]) => m.slice(0, 1));
        if (!own.agree && !own.signature) setGeneral([err.message, ...others].join(' — '));
        else if (others.length) setGeneral(others.join(' — '));
      } else setGeneral(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  const message = (key: string | undefined) =>
    key ? (key.startsWith('register.') ? t(key) : key) : undefined;

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('register.agreement.intro')}</Typography>
      {general && <Alert severity="error">{general}</Alert>}
      <Box>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {resident.agreement.title}
        </Typography>
        <Box
          ref={boxRef}
          tabIndex={0}
          role="region"
          aria-label={t('register.agreement.region', { title: resident.agreement.title })}
          aria-describedby={read ? undefined : hintId}
          onScroll={check}
          sx={{
            maxHeight: 320,
            overflowY: 'auto',
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.default',
            overflowWrap: 'anywhere',
            fontSize: 14,
            lineHeight: 1.6,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {/* The property's own agreement (decision 0042), its variables written for this resident: what the PDF says. */}
          <DocView doc={resident.agreement.document.header} headingLevel={3} />
          <DocView doc={resident.agreement.document.body} headingLevel={3} />
        </Box>
        <Typography
          id={hintId}
          variant="body2"
          color={read ? 'success.main' : 'text.secondary'}
          aria-live="polite"
          sx={{ mt: 0.75 }}
        >
          {read ? t('register.agreement.read') : t('register.agreement.scrollHint')}
        </Typography>
      </Box>
      <DownloadAgreement resident={resident} token={token} label={t('register.download')} />
      <FormControl error={Boolean(errors.agree)} required>
        <FormControlLabel
          control={
            <Checkbox
              checked={agree}
              onChange={(e) => {
                setAgree(e.target.checked);
                if (e.target.checked) setErrors((x) => ({ ...x, agree: undefined }));
              }}
              slotProps={{ input: { 'aria-required': true } }}
            />
          }
          label={t('register.agree')}
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
        />
        {errors.agree && <FormHelperText>{message(errors.agree)}</FormHelperText>}
      </FormControl>
      <SignaturePad
        disabled={submitting}
        error={message(errors.signature)}
        onChange={(value) => {
          setSignature(value);
          if (value) setErrors((x) => ({ ...x, signature: undefined }));
        }}
      />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between' }}
      >
        <Button variant="text" onClick={onBack} disabled={submitting}>
          {t('register.back')}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => void sign()}
          disabled={!read}
          loading={submitting}
          aria-describedby={read ? undefined : hintId}
        >
          {t('register.sign')}
        </Button>
      </Stack>
    </Stack>
  );
}

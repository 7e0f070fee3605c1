import {
  myReservationBody,
  type FreeSpot,
  type FreeSpotsResponse,
  type MyReservationBody,
  type ReservationItem,
} from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import { contractResolver } from '../../ui/contract-resolver';
import { DateInput, FieldGrid, TextInput } from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { formatDate, useUiLocale } from '../../ui/locale';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * "Ask for a reservation" (decision 0039 §5), made for a phone: the resident picks the dates, sees the reserved
 * spots free on all of them (GET /my/reservations/free-spots: numbers and areas only), picks one and asks
 * (POST /my/reservations). The server's rules are staff's plus the resident's own; a refusal lands under its field
 * (the dates, the spot) or above the buttons (the limit). Whether the office confirms the request is said before
 * asking.
 */
export function AskReservationDialog({
  onClose,
  onAsked,
}: {
  onClose: () => void;
  onAsked: (r: ReservationItem) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const today = localToday();
  const form = useForm<MyReservationBody>({
    resolver: contractResolver(myReservationBody as never) as never,
    defaultValues: { spotId: undefined, startsOn: today, endsOn: addDays(today, 6), notes: '' },
  });
  const [free, setFree] = useState<(FreeSpotsResponse & { startsOn: string; endsOn: string }) | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const findSpots = async () => {
    setGeneral(null);
    if (!(await form.trigger(['startsOn', 'endsOn']))) return;
    const { startsOn, endsOn } = form.getValues();
    setBusy(true);
    try {
      const res = await get<FreeSpotsResponse>('/my/reservations/free-spots', { startsOn, endsOn });
      form.resetField('spotId');
      setFree({ ...res, startsOn, endsOn });
    } catch (e) {
      setGeneral(
        applyServerErrors(e, ['startsOn', 'endsOn'], (n, er, o) => form.setError(n as never, er, o)).general,
      );
    } finally {
      setBusy(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    try {
      onAsked(await send<ReservationItem>('POST', '/my/reservations', values));
    } catch (e) {
      const placed = applyServerErrors(e, ['spotId', 'startsOn', 'endsOn', 'notes'], (n, er, o) =>
        form.setError(n as never, er, o),
      );
      setGeneral(placed.general);
      // The spot was taken meanwhile: the list shows what is still free.
      if (form.getFieldState('spotId').error && free) {
        const res = await get<FreeSpotsResponse>('/my/reservations/free-spots', {
          startsOn: free.startsOn,
          endsOn: free.endsOn,
        }).catch(() => null);
        if (res) setFree({ ...res, startsOn: free.startsOn, endsOn: free.endsOn });
      }
    }
  });

  const spotLabel = (s: FreeSpot) => (
    <Box sx={{ py: 0.5 }}>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {t('reservations.spotNumber', { number: s.number })}
      </Typography>
      {s.area && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {s.area}
        </Typography>
      )}
    </Box>
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('myReservations.askTitle')}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {!free ? (
                <FieldGrid>
                  <DateInput name="startsOn" label={t('myReservations.from')} required />
                  <DateInput name="endsOn" label={t('myReservations.to')} required />
                </FieldGrid>
              ) : (
                <>
                  <Typography>
                    {t('spots.reservationDates', {
                      from: formatDate(free.startsOn, locale),
                      to: formatDate(free.endsOn, locale),
                    })}
                  </Typography>
                  {free.data.length === 0 ? (
                    <Alert severity="info">{t('myReservations.noFreeSpots')}</Alert>
                  ) : (
                    <Controller
                      name="spotId"
                      render={({ field, fieldState }) => (
                        <FormControl error={Boolean(fieldState.error)} required>
                          <FormLabel id={`${titleId}-spots`}>{t('myReservations.freeSpots')}</FormLabel>
                          <RadioGroup
                            aria-labelledby={`${titleId}-spots`}
                            value={(field.value as number | undefined) ?? ''}
                            onChange={(e) => field.onChange(Number(e.target.value))}
                          >
                            {free.data.map((s) => (
                              <FormControlLabel
                                key={s.id}
                                value={s.id}
                                control={<Radio />}
                                label={spotLabel(s)}
                              />
                            ))}
                          </RadioGroup>
                          {fieldState.error && (
                            <FormHelperText>
                              {fieldState.error.type === 'server'
                                ? fieldState.error.message
                                : t('myReservations.chooseSpot')}
                            </FormHelperText>
                          )}
                        </FormControl>
                      )}
                    />
                  )}
                  {free.data.length > 0 && (
                    <>
                      <TextInput name="notes" label={t('myReservations.notes')} />
                      <Alert severity="info">
                        {t(
                          free.approvalRequired
                            ? 'myReservations.approvalNote'
                            : 'myReservations.instantNote',
                        )}
                      </Alert>
                    </>
                  )}
                </>
              )}
              {general && <Alert severity="error">{general}</Alert>}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          {!free ? (
            <Button variant="contained" onClick={() => void findSpots()} loading={busy}>
              {t('myReservations.findSpots')}
            </Button>
          ) : (
            <>
              <Button
                onClick={() => {
                  setGeneral(null);
                  setFree(null);
                }}
              >
                {t('myReservations.back')}
              </Button>
              {free.data.length > 0 && (
                <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                  {t('myReservations.send')}
                </Button>
              )}
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
